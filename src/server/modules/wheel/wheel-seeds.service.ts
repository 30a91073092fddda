// The Crazy Wheel's day seeds: one server seed and public seed per UTC day, committed (SHA-256 of
// the server seed) before the day starts and revealed once it is over. A seed, once stored, is
// never regenerated: creation is an insert that keeps the first row.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Tables, WheelDaySeedsTable } from '../../db/tables.ts';
import { hashServerSeed, seedFromBytes } from '../../../shared/fair/index.ts';

const DAY_MS = 86_400_000;

/** The UTC date (YYYY-MM-DD) of an epoch ms time. */
export function utcDate(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** Makes sure today's and tomorrow's seeds exist (tomorrow's is so published before its day). */
export async function ensureDaySeeds(db: Kysely<Tables>, now: number): Promise<void> {
  for (const date of [utcDate(now), utcDate(now + DAY_MS)]) {
    const serverSeed = seedFromBytes(randomBytes(32));
    await db
      .insertInto('wheel_day_seeds')
      .values({
        date,
        server_seed: serverSeed,
        server_seed_hash: hashServerSeed(serverSeed),
        public_seed: seedFromBytes(randomBytes(16)),
        created_at: now,
      })
      .onConflict((oc) => oc.column('date').doNothing())
      .execute();
  }
}

/** The stored seeds of a day. */
export async function daySeed(db: Kysely<Tables>, date: string): Promise<WheelDaySeedsTable> {
  return db.selectFrom('wheel_day_seeds').selectAll().where('date', '=', date).executeTakeFirstOrThrow();
}

/** Days with a round still being played (their seeds stay secret even once the day is over). */
async function playingDays(db: Kysely<Tables>): Promise<Set<string>> {
  const open = await db
    .selectFrom('wheel_rounds')
    .select('seed_date')
    .distinct()
    .where('status', '!=', 'ended')
    .execute();
  return new Set(open.map((r) => r.seed_date));
}

/** A day's seeds as published: the server seed only once the day is over and none of its rounds is playing. */
function published(r: WheelDaySeedsTable, today: string, playing: Set<string>) {
  return {
    date: r.date,
    server_seed_hash: r.server_seed_hash,
    public_seed: r.public_seed,
    server_seed: r.date < today && !playing.has(r.date) ? r.server_seed : null,
  };
}

/**
 * Published seeds, newest day first; a day's server seed only once the day is over and no round
 * drawn on it is still being played (a round opened at 23:59 may end after midnight).
 */
export async function listDaySeeds(db: Kysely<Tables>, now: number, limit = 60) {
  const rows = await db.selectFrom('wheel_day_seeds').selectAll().orderBy('date', 'desc').limit(limit).execute();
  const playing = await playingDays(db);
  return rows.map((r) => published(r, utcDate(now), playing));
}

/** One day's seeds as published (the replay of a wheel bet). */
export async function publishedDaySeed(db: Kysely<Tables>, date: string, now: number) {
  return published(await daySeed(db, date), utcDate(now), await playingDays(db));
}
