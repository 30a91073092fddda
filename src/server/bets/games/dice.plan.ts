// The plan of a dice bet (bets/plan.ts): the roll from the shared outcome the verifiers call
// (shared/games/dice diceOutcome), the dice_bets row, the stake's debit (settling at once) and the
// win's credit, keyed `dice:{server seed hash}:{nonce}:bet|win`, referenced `dice_bet:{bet id}`.
import { diceOutcome } from '../../../shared/games/dice/dice.outcome.ts';
import { wagerEdgeUnits } from '../../../shared/economics/house-edge.ts';
import type { DiceDirection } from '../../../shared/fair/index.ts';
import type { BetPlan, PlanMove, SeedPair } from '../plan.ts';

/** A dice bet checked against the rules (dice.service checkBet). */
export interface DiceBet {
  userId: number;
  amountCents: number;
  target: number; // the body's target, %
  targetBp: number;
  direction: DiceDirection;
  multiplier: number; // 4 decimals
  payoutIfWinCents: number;
  now: number;
}

/** The ledger kinds of a dice bet's stake and win. */
export const DICE_KINDS = { bet: 'bet', win: 'win' } as const;

/** The plan of `b` on `pair` (its nonce is the bet's). */
export function dicePlan(b: DiceBet, pair: SeedPair): BetPlan {
  const seeds = { serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce: pair.nonce };
  const { roll, win } = diceOutcome(seeds, b.target, b.direction);
  const payoutCents = win ? b.payoutIfWinCents : 0;
  const row = {
    user_id: b.userId,
    amount_cents: b.amountCents,
    payout_cents: payoutCents,
    target_bp: b.targetBp,
    direction: b.direction,
    roll_bp: Math.round(roll * 100),
    multiplier: b.multiplier,
    win: win ? 1 : 0,
    server_seed_hash: pair.serverSeedHash,
    client_seed: pair.clientSeed,
    nonce: pair.nonce,
    created_at: b.now,
  };
  return {
    userId: b.userId,
    pair,
    nonces: 1,
    rows: [{ table: 'dice_bets', values: row }],
    counters: [],
    updates: [],
    moves: stakeAndWin('dice', DICE_KINDS, '', b.userId, b.amountCents, payoutCents, pair),
    now: b.now,
  };
}

/** An instant bet's stake debit (settling now on `table`) and, when it paid, its win credit. */
export function stakeAndWin(
  game: string,
  kinds: { bet: string; win: string },
  table: string,
  userId: number,
  amountCents: number,
  payoutCents: number,
  pair: SeedPair,
): PlanMove[] {
  const key = `${game}:${pair.serverSeedHash}:${pair.nonce}`;
  const reference = `${game}_bet:{#0}`;
  const moves: PlanMove[] = [
    {
      userId,
      deltaCents: -amountCents,
      kind: kinds.bet,
      reference,
      key: `${key}:bet`,
      settles: { table, edgeUnits: wagerEdgeUnits(kinds.bet, table, amountCents) },
    },
  ];
  if (payoutCents > 0) moves.push({ userId, deltaCents: payoutCents, kind: kinds.win, reference, key: `${key}:win` });
  return moves;
}
