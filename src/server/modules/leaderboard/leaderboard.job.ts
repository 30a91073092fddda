// The periodic job that closes leaderboard weeks: started with the server (main.ts), it calls
// closePeriod every intervalMs; closePeriod pays a week once however many instances run it.
import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db/database.ts';
import { afterCommit, publishBalance } from '../../realtime/publisher.ts';
import { closePeriod } from './leaderboard.service.ts';

/** Starts the job; the returned function stops it and waits for a tick in flight. */
export function startLeaderboardJob(
  app: FastifyInstance,
  db: DB,
  clock: () => number = Date.now,
  intervalMs = 15_000,
): () => Promise<void> {
  let inFlight: Promise<void> = Promise.resolve();
  const tick = () => {
    inFlight = closePeriod(db, clock())
      .then(async (paid) => {
        if (paid.length) app.log.info({ paid: paid.length }, 'leaderboard week paid');
        for (const p of paid) {
          await afterCommit(app.log, 'balanceUpdated', () => publishBalance(app.publisher, p.userId, p.balanceCents));
        }
      })
      .catch((err: unknown) => app.log.error({ err }, 'leaderboard close failed'));
  };
  tick(); // a restart right after the end pays at once
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await inFlight;
  };
}
