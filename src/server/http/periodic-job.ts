// A job the server runs every so often while it is up (the outbox poller, the held-funds release):
// never two runs at once, a failure logged and retried at the next tick, stopped — and waited
// for — when the app closes. The timer does not keep the process alive.
import type { FastifyInstance } from 'fastify';

/** Runs `work` every `intervalMs`; `what` names it in the log line of a failed run. */
export function startPeriodicJob(
  app: FastifyInstance,
  intervalMs: number,
  what: string,
  work: () => Promise<unknown>,
): void {
  let inFlight: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (inFlight) return;
    inFlight = work()
      .catch((e: unknown) => app.log.error({ err: e }, `${what} failed`))
      .finally(() => {
        inFlight = null;
      });
  }, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await inFlight;
  });
}
