// Readiness (issue 28): GET /api/health stays liveness (the process answers); GET /api/health/ready
// answers 200 only when the database (and Redis, when configured) answer and the migrations are
// current, else 503 naming the failing part — and 503 from the moment shutdown starts draining, so a
// load balancer stops sending new requests before the process goes.
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { ping, type Database } from '../db/database.ts';
import { pendingMigrations } from '../db/migrate.ts';
import { defineRoute } from '../http/route.ts';
import { errorBody } from '../http/errors.ts';

const CHECK_MS = 2000; // a part that does not answer within this is not ready

type Status = 'ok' | 'failing' | 'skipped';

const readySchema = z.object({
  status: z.literal('ok'),
  checks: z.object({
    database: z.enum(['ok', 'failing', 'skipped']),
    redis: z.enum(['ok', 'failing', 'skipped']),
    migrations: z.enum(['ok', 'failing', 'skipped']),
    draining: z.boolean(),
  }),
});

function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), ms))),
  ]).finally(() => clearTimeout(timer));
}

/** The readiness of one app: its checks and the drain flag shutdown sets. */
export class Readiness {
  draining = false;
  private migrationsCurrent = false; // once current, always current for this process
  private redis: Promise<Redis> | null = null;

  constructor(
    private readonly database: Database,
    private readonly redisUrl: string | undefined,
  ) {}

  private redisClient(): Promise<Redis> {
    this.redis ??= import('ioredis').then(
      ({ Redis }) =>
        new Redis(this.redisUrl!, { maxRetriesPerRequest: 1, connectTimeout: CHECK_MS, lazyConnect: true }),
    );
    return this.redis;
  }

  /** Runs every check. */
  async check(): Promise<{ ready: boolean; checks: Record<'database' | 'redis' | 'migrations', Status> }> {
    const run = async (f: () => Promise<unknown>): Promise<Status> => {
      try {
        await within(f(), CHECK_MS);
        return 'ok';
      } catch {
        return 'failing';
      }
    };
    const [database, redis] = await Promise.all([
      run(() => ping(this.database.db)),
      this.redisUrl ? run(async () => (await this.redisClient()).ping()) : Promise.resolve<Status>('skipped'),
    ]);
    let migrations: Status = this.migrationsCurrent ? 'ok' : 'skipped'; // unknown while the database fails
    if (!this.migrationsCurrent && database === 'ok') {
      migrations = await run(async () => {
        const pending = await pendingMigrations(this.database);
        if (pending.length) throw new Error(`pending: ${pending.join(', ')}`);
      });
      this.migrationsCurrent = migrations === 'ok';
    }
    const checks = { database, redis, migrations };
    return { ready: !this.draining && Object.values(checks).every((s) => s !== 'failing'), checks };
  }

  async close(): Promise<void> {
    const redis = this.redis;
    this.redis = null;
    if (redis) (await redis).disconnect();
  }
}

/** Registers GET /api/health/ready; closing the app marks it draining first. */
export function readinessRoute(app: FastifyInstance, database: Database, config: Pick<Config, 'redisUrl'>): Readiness {
  const readiness = new Readiness(database, config.redisUrl);
  app.addHook('preClose', async () => void (readiness.draining = true));
  app.addHook('onClose', () => readiness.close());
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/health/ready',
      summary:
        'Readiness: 200 when the database (and Redis when configured) answer and migrations are current; 503 naming the failing part, and while shutting down',
      tags: ['system'],
      response: readySchema,
    },
    async ({ reply }) => {
      const { ready, checks } = await readiness.check();
      const draining = readiness.draining;
      if (ready) return { status: 'ok' as const, checks: { ...checks, draining } };
      const failing = draining
        ? ['draining']
        : Object.keys(checks).filter((k) => checks[k as keyof typeof checks] === 'failing');
      return reply
        .status(503)
        .header('cache-control', 'no-store')
        .send({
          ...errorBody(`Not ready: ${failing.join(', ')}.`),
          status: 'unavailable',
          failing,
          checks: { ...checks, draining },
        });
    },
  );
  return readiness;
}
