// A drain that waits for every request's handler. fastify.close() resolves once every connection
// has ended, and a client that hung up (a player who gave up, nginx dropping the upstream with it)
// ends its connection while its handler still runs: a bet in its transaction, then its channel
// events. main.ts then closed Redis and the database under that handler (seen as ioredis "write
// EPIPE" when `npm run bench -- cluster` stopped the cluster after its load). This counts each
// request from onRequest until its reply is sent — onSend runs even when the client has gone,
// onResponse does not — and an onClose hook waits for the count to reach zero, bounded.
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Makes fastify.close() wait (at most `maxWaitMs`) for handlers whose client has gone. Register it
 * after the other onClose hooks: Fastify runs them last-registered first, so this one runs before
 * the hooks that stop what handlers use. */
export function drainInFlight(fastify: FastifyInstance, maxWaitMs = 8000): void {
  const open = new Set<FastifyRequest>();
  let idle: (() => void) | null = null;
  const end = (request: FastifyRequest) => {
    if (open.delete(request) && open.size === 0) idle?.();
  };
  fastify.addHook('onRequest', (request, _reply, done) => {
    open.add(request);
    done();
  });
  fastify.addHook('onSend', (request, _reply, payload, done) => {
    end(request);
    done(null, payload);
  });
  fastify.addHook('onResponse', (request, _reply, done) => {
    end(request); // a reply that skipped onSend
    done();
  });
  fastify.addHook('onClose', async () => {
    if (open.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((r) => (idle = r)),
      new Promise<void>((r) => (timer = setTimeout(r, maxWaitMs))),
    ]);
    clearTimeout(timer);
  });
}
