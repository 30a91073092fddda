// Vitest globalSetup of the server project: migrates the template databases once before any test file
// runs (test-db.ts copies them) and creates the pool of free PostgreSQL schemas; afterwards removes the
// template and every schema of this run (the pooled ones, and any a crashed file left behind).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { makePgTemplate, makeSqliteTemplate } from './db-template.ts';
import { createPgPool, dropPgSchema, pgQuery } from './pg-schemas.ts';

/** Builds the templates and returns the teardown. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'la-template-'));
  const file = join(dir, 'template.db');
  await makeSqliteTemplate(file);
  project.provide('sqliteTemplate', file);

  const url = process.env.TEST_PG_URL;
  const prefix = `t_${randomBytes(4).toString('hex')}_`;
  project.provide('pgSchemaPrefix', prefix);
  project.provide('pgTemplate', url ? await makePgTemplate(url, `${prefix}template`) : null);
  if (url) await createPgPool(url, prefix);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (!url) return;
    const [left] = await pgQuery(
      url,
      `select nspname from pg_namespace where starts_with(nspname, '${prefix}') order by nspname`,
    );
    const names = (left!.rows as { nspname: string }[]).map((r) => r.nspname);
    if (names.length > 0) await dropPgSchema(url, names.join(', '));
  };
}
