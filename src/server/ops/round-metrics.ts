// The round loops as metrics: who leads each game's loop, the phase of its newest round, how late each
// status is committed after it was due, and — counted by the leader when a round ends — what the
// round paid out (every cash-out of it, manual or automatic, is on its bets' rows by then).
import type { Database } from '../db/database.ts';
import type { RoundObserver } from '../rounds/round-loop.ts';
import type { Game, Metrics } from './metrics.ts';

const PHASES = ['new', 'starting', 'pending', 'in_progress', 'ended'];

/** A round game's name → its metrics label and how to sum what one round paid. */
const PAYOUTS: Record<string, { game: Game; table: 'crash_bets' | 'wheel_bets'; paid: string }> = {
  crash: { game: 'crash', table: 'crash_bets', paid: 'cashed_out' },
  wheel: { game: 'wheel', table: 'wheel_bets', paid: 'won' },
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
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('payout_cents'), eb.val(0)).as('paid'))
        .where('round_id', '=', roundId)
        .where('status', '=', p.paid as never)
        .executeTakeFirst()
        .then((row) => {
          const paid = Number(row?.paid ?? 0);
          if (paid > 0) metrics.paid.labels(p.game).inc(paid);
        }, onError);
    },
  };
}
