// http_request_duration_seconds for every answer, labelled by the route's pattern (never the raw URL:
// a path no route matched is `unmatched`), the method and the status class; and the bets of the seven
// games counted at the one place every bet passes through, its route (bet-metrics.ts). The hooks are
// the routes' own (added as each route is declared, with the labelled series resolved once), so a
// request pays for one observation (fast-histogram.ts) and no lookups.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Metrics } from './metrics.ts';
import { betRecorder } from './bet-metrics.ts';

const CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;

type Observe = (seconds: number) => void;

/** The duration series of one route pattern: one per method and status class, made on first use. */
function routeSeries(metrics: Metrics, route: string) {
  const byMethod = new Map<string, (Observe | undefined)[]>();
  return (method: string, status: number): Observe => {
    let classes = byMethod.get(method);
    if (!classes) byMethod.set(method, (classes = []));
    const i = Math.floor(status / 100) - 1;
    let observe = classes[i];
    if (!observe) {
      const child = metrics.httpDuration.labels(route, method, CLASSES[i] ?? 'other');
      classes[i] = observe = (s) => child.observe(s);
    }
    return observe;
  };
}

/** Appends `hook` to a route option that may hold nothing, one hook or a list. */
function append<T>(existing: T | T[] | undefined, hook: T): T[] {
  return existing === undefined ? [hook] : Array.isArray(existing) ? [...existing, hook] : [existing, hook];
}

/** Adds the hooks that feed the HTTP and bet metrics: to every route declared from now on, and for
 * requests no route matched. Call it before the routes are declared. */
export function httpMetrics(fastify: FastifyInstance, metrics: Metrics): void {
  fastify.addHook('onRoute', (route: RouteOptions) => {
    const series = routeSeries(metrics, route.url);
    const bet = typeof route.method === 'string' ? betRecorder(metrics, route.method, route.url) : null;
    const onResponse = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      const seconds = reply.elapsedTime / 1000;
      series(request.method, reply.statusCode)(seconds);
      bet?.answered(reply.statusCode, seconds);
      done();
    };
    route.onResponse = append(route.onResponse, onResponse) as RouteOptions['onResponse'];
    if (bet) {
      route.preSerialization = append(route.preSerialization, bet.preSerialization) as RouteOptions['preSerialization'];
      route.onError = append(route.onError, bet.onError) as RouteOptions['onError'];
    }
  });
  const unmatched = routeSeries(metrics, 'unmatched');
  fastify.addHook('onResponse', (request, reply, done) => {
    if (request.is404) unmatched(request.method, reply.statusCode)(reply.elapsedTime / 1000);
    done();
  });
}
