// http_request_duration_seconds for every answer, labelled by the route's pattern (never the raw URL:
// an unmatched path is `unmatched`), the method and the status class; and the bets of the seven games
// counted at the one place every bet passes through, its route (bet-metrics.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Metrics } from './metrics.ts';
import { betRouteOf, recordBet } from './bet-metrics.ts';

const CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'];
const answers = new WeakMap<FastifyRequest, unknown>(); // a bet route's answer, before serialisation

/** Adds the hooks that feed the HTTP and bet metrics. */
export function httpMetrics(fastify: FastifyInstance, metrics: Metrics): void {
  fastify.addHook('preSerialization', (request, _reply, payload, done) => {
    if (betRouteOf(request) !== undefined) answers.set(request, payload);
    done(null, payload);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    const seconds = reply.elapsedTime / 1000;
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    metrics.httpDuration
      .labels(route, request.method, CLASSES[Math.floor(status / 100) - 1] ?? 'other')
      .observe(seconds);
    const game = betRouteOf(request);
    if (game !== undefined) recordBet(metrics, game, request, status, answers.get(request), seconds);
    done();
  });
}
