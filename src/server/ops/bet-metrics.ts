// Bets per game, counted at their routes: whatever executor a game's service runs (SQLite job, one
// PostgreSQL statement, Kysely), every bet is answered by one of these routes. Accepted (2xx) or
// refused with a reason (the error's class, else its status); the stake and, for the instant games,
// the payout are read from the request and the answer (dollars on the wire → cents). The round
// games' payouts are counted by the leader when a round ends (round-metrics.ts).
import type { FastifyRequest } from 'fastify';
import type { Game, Metrics } from './metrics.ts';

/** The bet routes (method + route pattern) and their game. */
const BET_ROUTES = new Map<string, Game>([
  ['POST /api/dice/bet', 'dice'],
  ['POST /api/plinko/bet', 'plinko'],
  ['POST /api/upgrade', 'upgrade'],
  ['POST /api/boxes/:slug/open', 'boxes'],
  ['POST /api/crash/bet', 'crash'],
  ['POST /api/wheel/bet', 'wheel'],
  ['POST /api/battles/create', 'battles'],
  ['POST /api/battles/:id/join', 'battles'],
]);

/** The game of a bet route's request, else undefined. */
export function betRouteOf(request: FastifyRequest): Game | undefined {
  if (request.method !== 'POST') return undefined;
  const url = request.routeOptions.url;
  return url === undefined ? undefined : BET_ROUTES.get(`POST ${url}`);
}

const reasons = new WeakMap<FastifyRequest, string>();

/** Remembers why a request was refused (the error handler calls it): the error's own class when it
 * has one (InsufficientFunds → insufficient_funds), else its status. */
export function noteRefusal(request: FastifyRequest, error: Error, status: number): void {
  const name = error.constructor.name;
  const own = name !== 'HttpError' && name !== 'Error' && name !== 'ZodError' && /^[A-Z]\w{0,40}$/.test(name);
  reasons.set(request, own ? name.replace(/(?<!^)([A-Z])/g, '_$1').toLowerCase() : statusReason(status));
}

function statusReason(status: number): string {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 422:
      return 'invalid';
    case 429:
      return 'rate_limited';
    case 503:
      return 'busy';
    default:
      return status >= 500 ? 'error' : `status_${status}`;
  }
}

const cents = (dollars: unknown): number =>
  typeof dollars === 'number' && Number.isFinite(dollars) ? Math.round(dollars * 100) : 0;

type Answer = { data?: Record<string, unknown> } | undefined;

/** [wagered, paid] cents of an accepted bet; paid null when it is counted at settlement instead. */
function money(game: Game, body: unknown, answer: Answer): [number, number | null] {
  const data = answer?.data ?? {};
  switch (game) {
    case 'dice':
    case 'plinko':
      return [cents((body as { amount?: unknown } | null)?.amount), cents(data.payout)];
    case 'upgrade': {
      const stake = data.stake as { total?: unknown } | undefined;
      const target = data.target as { price?: unknown } | undefined;
      return [cents(stake?.total), data.win === true ? cents(target?.price) : 0];
    }
    case 'boxes': {
      if (data.demo === true) return [0, 0];
      const reels = (data.reels ?? []) as { item?: { price?: unknown } }[];
      return [cents(data.cost), reels.reduce((a, r) => a + cents(r.item?.price), 0)];
    }
    case 'crash':
    case 'wheel':
      return [cents(data.amount), null];
    case 'battles':
      return [0, null]; // a seat's stake is the battle's cost; paid in items when it ends
  }
}

/** Counts one answered bet request. */
export function recordBet(
  metrics: Metrics,
  game: Game,
  request: FastifyRequest,
  status: number,
  answer: unknown,
  seconds: number,
): void {
  if (status >= 200 && status < 300) {
    metrics.bets.labels(game, 'accepted', '').inc();
    const [wagered, paid] = money(game, request.body, answer as Answer);
    if (wagered > 0) metrics.wagered.labels(game).inc(wagered);
    if (paid !== null) {
      if (paid > 0) metrics.paid.labels(game).inc(paid);
      metrics.settleSeconds.labels(game).observe(seconds);
    }
    return;
  }
  metrics.bets.labels(game, 'refused', reasons.get(request) ?? statusReason(status)).inc();
}
