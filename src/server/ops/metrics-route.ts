// GET /metrics in Prometheus' text format. On the main port it answers clients on this machine (not
// relayed by a proxy for someone else, http/client-address.ts) freely, and others only with
// `Authorization: Bearer $METRICS_TOKEN`; in production without METRICS_TOKEN only this machine.
// With METRICS_PORT the same text is also served on a port of its own (metricsServer), for a
// network where only the scraper reaches that port.
import { createServer, type Server } from 'node:http';
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { fromThisMachine } from '../http/client-address.ts';
import { errorBody } from '../http/errors.ts';
import type { Metrics } from './metrics.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether `request` may read the metrics on the main port. */
export function mayScrape(request: FastifyRequest, config: Pick<Config, 'env' | 'metrics'>): boolean {
  if (fromThisMachine(request)) return true;
  const token = config.metrics.token;
  if (token === null) return config.env !== 'production';
  const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

/** Registers GET /metrics on the app. */
export function metricsRoute(fastify: FastifyInstance, metrics: Metrics, config: Config): void {
  fastify.get('/metrics', async (request, reply) => {
    if (!mayScrape(request, config)) {
      const status = config.metrics.token === null ? 403 : 401;
      return reply
        .status(status)
        .send(errorBody(status === 401 ? 'A metrics token is required.' : 'Metrics are served to this machine only.'));
    }
    return reply.type(metrics.registry.contentType).send(await metrics.render());
  });
}

/** The metrics on METRICS_PORT (main.ts starts it when configured). */
export async function metricsServer(metrics: Metrics, port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    metrics.render().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return server;
}
