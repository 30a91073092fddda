// A dice bet on SQLite as ONE synchronous job of the group commit (transactSync): the same steps,
// rows and errors as placeDiceBet's Kysely transaction, on prepared statements (db/hot/statements.ts).
import type SQLite from 'better-sqlite3';
import { insertedId, writerStatements } from '../../db/hot/statements.ts';
import { applyMoveSync } from '../wallet/ledger-sync.ts';
import type { DiceBetBody } from '../../../shared/api/dice.ts';
import { diceOutcome } from '../../../shared/games/dice/dice.outcome.ts';
import { toBet } from './dice.repository.ts';
import type { PlacedBet } from './dice.repository.ts';

/** A checked bet (dice.service checkBet) ready to settle. */
export interface CheckedDiceBet {
  userId: number;
  body: DiceBetBody;
  amountCents: number;
  targetBp: number;
  multiplier: number; // bp
  payoutIfWinCents: number;
  now: number; // epoch ms
}

type Pair = { server_seed: string; server_seed_hash: string; client_seed: string; nonce: number };

/** Settles the bet; null (nothing written) when the player has no active seed pair yet: the caller
 * then takes the Kysely path, which creates the pairs. */
export function settleDiceBetSync(sqlite: SQLite.Database, b: CheckedDiceBet): PlacedBet | null {
  const s = writerStatements(sqlite);
  const taken = s.takeNonce.get(b.userId) as Pair | undefined;
  if (!taken) return null;
  const pair = { ...taken, nonce: Number(taken.nonce) - 1 };
  const { roll, win } = diceOutcome(
    { serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce: pair.nonce },
    b.body.target,
    b.body.direction,
  );
  const payoutCents = win ? b.payoutIfWinCents : 0;
  const row = {
    user_id: b.userId,
    amount_cents: b.amountCents,
    payout_cents: payoutCents,
    target_bp: b.targetBp,
    direction: b.body.direction,
    roll_bp: Math.round(roll * 100),
    multiplier: b.multiplier,
    win: win ? 1 : 0,
    server_seed_hash: pair.server_seed_hash,
    client_seed: pair.client_seed,
    nonce: pair.nonce,
    created_at: b.now,
  };
  const id = insertedId(s.insertDiceBet.run(row));
  const key = `dice:${pair.server_seed_hash}:${pair.nonce}`;
  const reference = `dice_bet:${id}`;
  const move = { userId: b.userId, reference, now: b.now, freshKey: true }; // keys of the nonce just taken
  let { balanceAfterCents } = applyMoveSync(sqlite, {
    ...move,
    deltaCents: -b.amountCents,
    kind: 'bet',
    idempotencyKey: `${key}:bet`,
  });
  if (payoutCents > 0) {
    ({ balanceAfterCents } = applyMoveSync(sqlite, {
      ...move,
      deltaCents: payoutCents,
      kind: 'win',
      idempotencyKey: `${key}:win`,
    }));
  }
  return { bet: toBet({ ...row, id }), balanceCents: balanceAfterCents, amountCents: b.amountCents, createdAt: b.now };
}
