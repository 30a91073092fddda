// What the upgrade's one-statement bet on PostgreSQL (upgrade.pg-bet.ts) needs until the upgrade
// moves onto src/server/bets/: its function answers a status, a refusal becomes the same error the
// ledger path throws, and a player's first bet creates the seed pairs, then calls once more.
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { ensurePairs } from '../fair/fair.repository.ts';
import { SelfExcluded } from '../responsible-play/exclusion.ts';
import { InsufficientFunds } from './ledger.ts';

/** A refusal answered by a one-statement bet; nothing was written. */
export type Refused = { status: 'missing' | 'insufficient' | 'no_pair' } | { status: 'excluded'; until: number };

/** Runs `call`; when the player has no seed pair yet, creates the pairs and runs it once more. */
export async function withSeedPairs<A extends { status: string }>(
  database: Database,
  userId: number,
  now: number,
  call: () => Promise<A>,
): Promise<A> {
  const answer = await call();
  if (answer.status !== 'no_pair') return answer;
  await ensurePairs(database.db, userId, now);
  return call();
}

/** Throws the error of a refused bet, as the ledger path would (`fn`: the SQL function, for the message of a bug). */
export function refusal(answer: Refused, fn: string): never {
  switch (answer.status) {
    case 'missing':
      throw new HttpError(404, 'User not found.');
    case 'excluded':
      throw new SelfExcluded(answer.until);
    case 'insufficient':
      throw new InsufficientFunds();
    case 'no_pair':
      throw new Error(`${fn}: no seed pair after ensurePairs`);
  }
}

/** The stakes a one-statement bet settles: their settled_wagers rows (wallet/settled-wagers.ts). */
export interface SettledStakes {
  userId: number;
  kind: string; // the stakes' ledger kind
  table: string;
  stakeCents: number; // per stake; 0: the bet staked no money, nothing is written
  edgeUnits: number; // per stake
  keyPrefix: string; // the stake's ledger key is keyPrefix + server_seed_hash + ':' + nonce + keySuffix
  keySuffix: string;
  perReel: boolean; // one stake per entry of answer.reels (its nonce), else one with answer.nonce
  now: number;
}

/**
 * `select <fn>(…) as answer` of a one-statement bet, and in the SAME statement (so the same
 * transaction) the settled_wagers rows of the stakes it wrote when it answered 'ok': the function
 * credited their XP and wagered cents; these rows are what the programmes count.
 */
export function withSettledStakes<A>(fnCall: RawBuilder<unknown>, w: SettledStakes): RawBuilder<{ answer: A }> {
  const nonces = w.perReel
    ? sql`select r->>'nonce' from json_array_elements(a.answer->'reels') r`
    : sql`select a.answer->>'nonce'`;
  return sql<{ answer: A }>`with a as (select ${fnCall} as answer),
    w as (insert into settled_wagers (user_id, kind, table_key, stake_cents, edge_units, wager_key, settled_at)
      select ${w.userId}, ${w.kind}, ${w.table}, ${w.stakeCents}, ${w.edgeUnits},
        ${w.keyPrefix} || (a.answer->>'server_seed_hash') || ':' || n.nonce || ${w.keySuffix}, ${w.now}
      from a cross join lateral (${nonces}) as n(nonce)
      where a.answer->>'status' = 'ok' and ${w.stakeCents} > 0)
    select answer from a`;
}
