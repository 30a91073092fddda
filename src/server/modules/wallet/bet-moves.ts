// The ledger moves of a settled instant bet (dice, plinko), the same on every path: the stake's
// debit, then the win's credit when it paid, keyed `{game}:{server seed hash}:{nonce}:bet|win`
// and referenced `{game}_bet:{bet id}`.
import type SQLite from 'better-sqlite3';
import type { Transaction } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import { applyMoveIn, type Move } from './ledger.ts';
import { applyMoveSync } from './ledger-sync.ts';

/** One settled bet, as its moves need it. */
export interface SettledBet {
  game: 'dice' | 'plinko';
  kinds: { bet: string; win: string }; // ledger kinds (dice: bet/win, plinko: plinko_bet/plinko_win)
  userId: number;
  betId: number;
  pair: { server_seed_hash: string; nonce: number };
  amountCents: number;
  payoutCents: number; // 0 when it lost
  now: number;
}

/** The stake's debit and, when the bet paid, the win's credit, in that order. */
export function betMoves(b: SettledBet): Move[] {
  const key = `${b.game}:${b.pair.server_seed_hash}:${b.pair.nonce}`;
  const move = { userId: b.userId, reference: `${b.game}_bet:${b.betId}`, now: b.now };
  const moves: Move[] = [{ ...move, deltaCents: -b.amountCents, kind: b.kinds.bet, idempotencyKey: `${key}:bet` }];
  if (b.payoutCents > 0)
    moves.push({ ...move, deltaCents: b.payoutCents, kind: b.kinds.win, idempotencyKey: `${key}:win` });
  return moves;
}

/** Applies the bet's moves in the open transaction; the balance after the last. */
export async function applyBetMoves(trx: Transaction<Tables>, b: SettledBet): Promise<number> {
  let balanceAfterCents = 0;
  for (const move of betMoves(b)) ({ balanceAfterCents } = await applyMoveIn(trx, move));
  return balanceAfterCents;
}

/** applyBetMoves inside a synchronous SQLite job that has just taken the bet's nonce (so no earlier
 * move with its keys is looked up: freshKey); also the player's name, read with the balance. */
export function applyBetMovesSync(
  sqlite: SQLite.Database,
  b: SettledBet,
): { balanceAfterCents: number; userName: string | undefined } {
  let balanceAfterCents = 0;
  let userName: string | undefined;
  for (const move of betMoves(b))
    ({ balanceAfterCents, userName } = applyMoveSync(sqlite, { ...move, freshKey: true }));
  return { balanceAfterCents, userName };
}
