// Money safety (issue 12): `idempotent_requests` remembers the first answer of a money call sent
// with an Idempotency-Key header (bets, openings, upgrades, sales), one row per (user, key).
// Free-loot economics: `users.edge_units` (Σ wager cents × the game's edge in bp; XP = /10,000)
// backfilled from the ledger's wager debits, levels raised to what it reaches (never lowered;
// dice players keep their XP exactly, box players gain), and `free_box_openings.ev_cents` (the
// box's expected value when opened) backfilled from the opened version.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { idColumn } from './columns.ts';
import { levelForXp, xpForEdge } from '../../../shared/levels.ts';

// The edges of issue 12 as they were when this migration shipped (shared/levels.ts WAGER_EDGE_BP).
const WAGER_EDGE_BP: Record<string, number> = { bet: 100, box: 740, user_box: 640, upgrade: 500 };

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('idempotent_requests'), dialect)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('request_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('scope', 'varchar(64)', (c) => c.notNull())
    .addColumn('body_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('idempotent_requests_user_key', ['user_id', 'request_key'])
    .execute();
  await economics(db);
}

/** Adds and backfills the free-loot economics columns (see the file comment). */
async function economics(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('edge_units', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('free_box_openings')
    .addColumn('ev_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  const rate = sql.join(
    Object.entries(WAGER_EDGE_BP).map(([kind, bp]) => sql`when ${kind} then ${bp}`),
    sql` `,
  );
  const kinds = sql.join(Object.keys(WAGER_EDGE_BP).map((k) => sql`${k}`));
  const { rows } = await sql<{ user_id: number | string; units: number | string }>`
    select user_id, sum(-delta_cents * (case kind ${rate} else 0 end)) as units
    from ledger where delta_cents < 0 and kind in (${kinds}) group by user_id`.execute(db);
  for (const r of rows) {
    const units = Number(r.units);
    const level = levelForXp(xpForEdge(units));
    await sql`update users set edge_units = ${units}, level = case when level < ${level} then ${level} else level end
      where id = ${Number(r.user_id)}`.execute(db);
  }
  await sql`update free_box_openings set ev_cents = coalesce((select v.ev_cents from drops d
    join box_versions v on v.id = d.box_version_id where d.id = free_box_openings.drop_id), 0)`.execute(db);
}
