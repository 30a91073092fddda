// The ledger moves of a settled instant bet (dice, plinko), the same on every path: the stake's
// debit, then the win's credit when it paid, keyed `{game}:{server seed hash}:{nonce}:bet|win`
// and referenced `{game}_bet:{bet id}`. The stake settles with the bet: it is credited (XP, wagered,
// settled_wagers) in the same transaction (settled-wagers.ts).
import type SQLite from 'better-sqlite3';
import type { Transaction } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import { writerStatements } from '../../db/hot/statements.ts';
import { WAGER_KINDS } from '../../../shared/economics/house-edge.ts';
import { settledWagerRow } from './settled-wagers.ts';
import { applyMoveIn, type Move } from './ledger.ts';
import { ledgerValues, raiseLevelSync, refuseMove, settledWagerValues, type BetUser } from './ledger-sync.ts';

/** One settled bet, as its moves need it. */
export interface SettledBet {
  game: 'dice' | 'plinko';
  kinds: { bet: string; win: string }; // ledger kinds (dice: bet/win, plinko: plinko_bet/plinko_win)
  table: string; // the table played (plinko 'rows:risk'; '' for dice): its house edge is what counts
  userId: number;
  betId: number;
  pair: { server_seed_hash: string; nonce: number };
  amountCents: number;
  payoutCents: number; // 0 when it lost
  now: number;
}

/** The stake's debit and, when the bet paid, the win's credit, in that order. (Literals, not
 * `{ ...common, more }`: V8 in Node 20 builds such a spread with extra properties in about 1 µs.) */
export function betMoves(b: SettledBet): Move[] {
  const key = `${b.game}:${b.pair.server_seed_hash}:${b.pair.nonce}`;
  const reference = `${b.game}_bet:${b.betId}`;
  const { userId, now } = b;
  const moves: Move[] = [
    {
      userId,
      deltaCents: -b.amountCents,
      kind: b.kinds.bet,
      reference,
      idempotencyKey: `${key}:bet`,
      now,
      settlesOn: b.table,
    },
  ];
  if (b.payoutCents > 0)
    moves.push({ userId, deltaCents: b.payoutCents, kind: b.kinds.win, reference, idempotencyKey: `${key}:win`, now });
  return moves;
}

/** Applies the bet's moves in the open transaction; the balance after the last. */
export async function applyBetMoves(trx: Transaction<Tables>, b: SettledBet): Promise<number> {
  let balanceAfterCents = 0;
  for (const move of betMoves(b)) ({ balanceAfterCents } = await applyMoveIn(trx, move));
  return balanceAfterCents;
}

/**
 * applyBetMoves inside a synchronous SQLite job that has just taken the bet's nonce (so no earlier
 * move with its keys exists) and read the player's row before its first write (`user`, from
 * assertDebitSync). The stake and the win move the users row in ONE conditional UPDATE by their
 * sum; the balance after each is the row's balance plus the deltas so far (nothing else in the job
 * touches the row), so the ledger rows, the wager, the edge units and the level are exactly those
 * of applyBetMoves' two moves. Also the player's name, for the public feeds.
 */
export function applyBetMovesSync(
  sqlite: SQLite.Database,
  b: SettledBet,
  user: BetUser,
): { balanceAfterCents: number; userName: string } {
  if (!(Number.isSafeInteger(b.amountCents) && b.amountCents > 0 && Number.isSafeInteger(b.payoutCents)))
    throw new Error(`a bet moves whole cents: stake ${b.amountCents}, payout ${b.payoutCents}`);
  const s = writerStatements(sqlite);
  const [stake, win] = betMoves(b) as [Move, Move | undefined];
  if (!WAGER_KINDS.includes(stake.kind)) throw new Error(`an instant bet stakes a wager kind, not ${stake.kind}`);
  const settled = settledWagerRow({
    userId: b.userId,
    kind: stake.kind,
    table: b.table,
    stakeCents: b.amountCents,
    wagerKey: stake.idempotencyKey,
    now: b.now,
  });
  const net = b.payoutCents - b.amountCents;
  const { changes } = s.settleWager.run(net, b.amountCents, settled.edge_units, b.userId, b.amountCents, b.now);
  if (changes === 0) refuseMove(sqlite, b.userId, b.amountCents, stake.kind, b.now);
  s.insertSettledWager.run(...settledWagerValues(settled));
  raiseLevelSync(sqlite, b.userId, Number(user.edge_units) + settled.edge_units, Number(user.level));
  const afterStake = Number(user.balance_cents) - b.amountCents;
  s.insertLedger.run(...ledgerValues(stake, afterStake));
  if (win) s.insertLedger.run(...ledgerValues(win, afterStake + b.payoutCents));
  return { balanceAfterCents: afterStake + b.payoutCents, userName: user.name };
}
