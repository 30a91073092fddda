// What the one-statement bets on PostgreSQL (dice.pg-bet.ts, plinko.pg-bet.ts, openings.pg-open.ts)
// share: their functions answer a status, a refusal becomes the same error the ledger path throws,
// and a player's first bet creates the seed pairs, then calls once more.
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
