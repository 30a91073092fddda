// Applies pending migrations at start; the migrator records what ran.
import { Migrator, type Migration } from 'kysely';
import type { Database } from './database.ts';
import { steps } from './migrations/index.ts';

/** Runs every pending migration; throws on the first failure. Returns the names applied. */
export async function migrate({ db, dialect, schema }: Database): Promise<string[]> {
  const migrations: Record<string, Migration> = {};
  for (const [name, step] of Object.entries(steps)) migrations[name] = { up: (d) => step.up(d, dialect) };
  // An explicit schema keeps Kysely from finding another schema's migration tables.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** The migrations this code has that the database has not run (readiness: empty when current). */
export async function pendingMigrations({ db, schema }: Database): Promise<string[]> {
  const migrations: Record<string, Migration> = {};
  for (const name of Object.keys(steps)) migrations[name] = { up: async () => undefined }; // never run here
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  return (await migrator.getMigrations()).filter((m) => m.executedAt === undefined).map((m) => m.name);
}
