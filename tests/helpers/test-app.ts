// Builds the whole app in memory over a fresh test database; tests drive it with inject().
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../src/server/app.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import type { Dialect } from '../../src/server/db/database.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';

/** An app under test with its database. */
export interface TestApp {
  fastify: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/** A test configuration: development secrets in a temporary data dir. */
export function testConfig(env: Record<string, string> = {}): Config {
  // Production requires PUBLIC_URL; production-mode tests get one unless they set their own.
  const site = env.NODE_ENV === 'production' ? { PUBLIC_URL: 'https://lootarcade.test' } : {};
  return loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'la-cfg-')), ...site, ...env });
}

/** Builds the app on a fresh database of `dialect`. */
export async function createTestApp(
  dialect: Dialect,
  options: {
    clientDir?: string | null;
    env?: Record<string, string>;
    deps?: Partial<Pick<AppDeps, 'publisher' | 'accounts' | 'clock'>>;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(dialect);
  const config = testConfig(options.env);
  const { fastify } = await buildApp({ config, database, clientDir: options.clientDir ?? null, ...options.deps });
  return {
    fastify,
    database,
    config,
    close: async () => {
      await fastify.close();
      await database.drop();
    },
  };
}

/** A log stream for `buildApp({ logStream })` that keeps every line the app writes, in `lines`. */
export function logLines(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}
