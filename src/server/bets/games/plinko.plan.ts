// The plan of a plinko drop (bets/plan.ts): the path from the shared outcome the verifiers call
// (shared/games/plinko plinkoOutcome), the plinko_bets row, the stake's debit (settling at once on
// its `rows:risk` table) and the payout's credit, keyed `plinko:{server seed hash}:{nonce}:bet|win`.
import { plinkoOutcome } from '../../../shared/games/plinko/plinko.outcome.ts';
import { plinkoTableKey } from '../../../shared/economics/house-edge.ts';
import type { Risk } from '../../../shared/fair/index.ts';
import type { BetPlan, SeedPair } from '../plan.ts';
import { stakeAndWin } from './dice.plan.ts';

/** A drop checked against the limits (plinko.service checkBet). */
export interface PlinkoDrop {
  userId: number;
  amountCents: number;
  rows: number;
  risk: Risk;
  now: number;
}

/** The ledger kinds of a drop's stake and payout. */
export const PLINKO_KINDS = { bet: 'plinko_bet', win: 'plinko_win' } as const;

/** Payout in cents: floor(amount × multiplier); the tables have one decimal, so integer arithmetic. */
export function plinkoPayoutCents(amountCents: number, multiplier: number): number {
  return Math.floor((amountCents * Math.round(multiplier * 10)) / 10);
}

/** The plan of `d` on `pair`. */
export function plinkoPlan(d: PlinkoDrop, pair: SeedPair): BetPlan {
  const seeds = { serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce: pair.nonce };
  const outcome = plinkoOutcome(seeds, d.rows, d.risk);
  const payoutCents = plinkoPayoutCents(d.amountCents, outcome.multiplier);
  const row = {
    user_id: d.userId,
    amount_cents: d.amountCents,
    payout_cents: payoutCents,
    rows: d.rows,
    risk: d.risk,
    path: outcome.path,
    bucket: outcome.bucket,
    multiplier: outcome.multiplier,
    server_seed_hash: pair.serverSeedHash,
    client_seed: pair.clientSeed,
    nonce: pair.nonce,
    created_at: d.now,
  };
  const table = plinkoTableKey(d.rows, d.risk);
  return {
    userId: d.userId,
    pair,
    nonces: 1,
    rows: [{ table: 'plinko_bets', values: row }],
    counters: [],
    updates: [],
    moves: stakeAndWin('plinko', PLINKO_KINDS, table, d.userId, d.amountCents, payoutCents, pair),
    now: d.now,
  };
}
