// The round loops as metrics: who leads each game's loop, the phase of its newest round, how late each
// status is committed after it was due, and — counted by the leader when a round ends, played out or
// voided — what the round paid out (every cash-out of it, manual or automatic, is on its bets' rows by
// then) and the stakes it gave back (a canceled wheel bet, a voided round's open bets) as refunds.
import type { Database } from '../db/database.ts';
import type { RoundObserver } from '../rounds/round-loop.ts';
import type { Game, Metrics } from './metrics.ts';

const PHASES = ['new', 'starting', 'pending', 'in_progress', 'ended'];

/** A round game's name → its metrics label, its bets and the statuses of a paid and a refunded bet. */
const PAYOUTS: Record<string, { game: Game; table: 'crash_bets' | 'wheel_bets'; paid: string; refunded: string }> = {
  crash: { game: 'crash', table: 'crash_bets', paid: 'cashed_out', refunded: 'refunded' },
  wheel: { game: 'wheel', table: 'wheel_bets', paid: 'won', refunded: 'canceled' },
};

/** An observer for the app's round loops (RoundGames.observe). */
export function roundObserver(metrics: Metrics, database: Database, onError: (err: unknown) => void): RoundObserver {
  return {
    leading: (game, leading) => metrics.roundLeader.labels(game).set(leading ? 1 : 0),
    status: (game, status, lagMs) => {
      for (const phase of PHASES) metrics.roundPhase.labels(game, phase).set(phase === status ? 1 : 0);
      metrics.roundLag.labels(game).observe(lagMs / 1000);
      metrics.roundLastLag.labels(game).set(lagMs / 1000);
      const p = PAYOUTS[game];
      if (status === 'ended' && p) metrics.settleSeconds.labels(p.game).observe(lagMs / 1000); // its bets settled in that commit
    },
    ended: (name, roundId) => {
      const p = PAYOUTS[name];
      if (!p) return;
      database.db
        .selectFrom(p.table)
        .select((eb) => [
          'status',
          eb.fn.coalesce(eb.fn.sum<number>('payout_cents'), eb.val(0)).as('paid'),
          eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.val(0)).as('staked'),
        ])
        .where('round_id', '=', roundId)
        .where('status', 'in', [p.paid, p.refunded] as never[])
        .groupBy('status')
        .execute()
        .then((rows) => {
          for (const row of rows) {
            const [counter, cents] =
              row.status === p.paid ? [metrics.paid, Number(row.paid)] : [metrics.refunded, Number(row.staked)];
            if (cents > 0) counter.labels(p.game).inc(cents);
          }
        }, onError);
    },
  };
}
