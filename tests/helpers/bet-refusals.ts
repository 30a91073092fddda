// The refusals every instant bet gives, checked the same way for each game's settle paths: a
// self-excluded player gets 403 with the exclusion's end, a short balance 422 on `amount`, a missing
// user 404 (PostgreSQL: the SQLite and Kysely paths fail earlier, creating the missing user's seed
// pair), and a refused bet writes nothing — no bet row, no ledger row, no nonce, no balance change.
import { expect } from 'vitest';
import type { DB } from '../../src/server/db/database.ts';
import { utcLabel } from '../../src/server/modules/responsible-play/exclusion.ts';
import { activeNonce, balanceOf, createPlayer } from './users.ts';

/** Places a bet of $1 for `userId` at `now` (the game's service call). */
type Place = (userId: number, now: number) => Promise<unknown>;

/** Runs the refusals against `place`; `betsOf` reads a player's rows of the game's bet table. */
export async function expectBetRefusals(
  db: DB,
  secret: string,
  dialect: 'sqlite' | 'postgres',
  place: Place,
  betsOf: (userId: number) => Promise<unknown[]>,
): Promise<void> {
  const now = Date.now();
  const until = now + 86_400_000;
  const excluded = await createPlayer(db, secret, { balanceCents: 10_000, seedPair: true });
  await db.updateTable('users').set({ self_excluded_until: until }).where('id', '=', excluded.id).execute();
  const short = await createPlayer(db, secret, { balanceCents: 99, seedPair: true });
  await expect(place(excluded.id, now)).rejects.toMatchObject({
    statusCode: 403,
    message: `You are self-excluded until ${utcLabel(until)}: bets and openings are closed until then.`,
  });
  await expect(place(short.id, now)).rejects.toMatchObject({
    statusCode: 422,
    errors: { amount: ['Insufficient balance.'] },
  });
  if (dialect === 'postgres') await expect(place(987_654_321, now)).rejects.toMatchObject({ statusCode: 404 });
  for (const [p, balance] of [
    [excluded, 10_000],
    [short, 99],
  ] as const) {
    expect(await betsOf(p.id)).toEqual([]);
    const ledger = await db.selectFrom('ledger').select('kind').where('user_id', '=', p.id).execute();
    expect(ledger.map((m) => m.kind)).toEqual(['admin']); // the opening balance only
    expect(await activeNonce(db, p.id)).toBe(0);
    expect(await balanceOf(db, p.id)).toBe(balance);
  }
}
