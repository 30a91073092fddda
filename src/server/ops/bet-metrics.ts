// Bets per game, counted at their routes: whatever executor a game's service runs (SQLite job, one
// PostgreSQL statement, Kysely), every bet is answered by one of these routes. Accepted (2xx) or
// refused with a reason (the error's class, else its status); the stake and, for the instant games,
// the payout are read from the request and the answer (dollars on the wire → cents). The round
// games' payouts are counted by the leader when a round ends (round-metrics.ts); a battle's seats,
// winnings and refunds after their commits (BattleObserver, set in ops.module.ts).
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
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
  ['POST /api/battles/:id/add-bots', 'battles'],
]);

/** Why a request was refused: the error's own class when it has one (InsufficientFunds →
 * insufficient_funds), else its status. */
export function refusalReason(error: Error, status: number): string {
  const name = error.constructor.name;
  const own = name !== 'HttpError' && name !== 'Error' && name !== 'ZodError' && /^[A-Z]\w{0,40}$/.test(name);
  return own ? name.replace(/(?<!^)([A-Z])/g, '_$1').toLowerCase() : statusReason(status);
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
      return [0, null]; // seats and winnings are counted by the battles themselves (ops.module.ts)
  }
}

/** The hooks of one bet route (null for any other route), with its game's series resolved once. No
 * per-request state: an accepted bet is counted when its answer is serialised (the stake from the
 * request, the payout from the answer), a refused one when its error is raised, and the settle time
 * of an instant game's accepted bet when it is answered. */
export function betRecorder(metrics: Metrics, method: string, url: string) {
  const game = BET_ROUTES.get(`${method} ${url}`);
  if (!game) return null;
  const accepted = metrics.tally(metrics.bets.labels(game, 'accepted', ''));
  const wagered = metrics.tally(metrics.wagered.labels(game));
  const paid = metrics.tally(metrics.paid.labels(game));
  const settled = metrics.settleSeconds.labels(game);
  const instant = game === 'dice' || game === 'plinko' || game === 'upgrade' || game === 'boxes';
  return {
    preSerialization: (
      request: FastifyRequest,
      reply: FastifyReply,
      payload: unknown,
      done: (err: null, p: unknown) => void,
    ) => {
      const status = reply.statusCode;
      if (status >= 200 && status < 300) {
        accepted.add();
        const [stake, payout] = money(game, request.body, payload as Answer);
        if (stake > 0) wagered.add(stake);
        if (payout !== null && payout > 0) paid.add(payout);
      }
      done(null, payload);
    },
    onError: (_request: FastifyRequest, _reply: FastifyReply, error: FastifyError, done: () => void) => {
      const status = typeof error.statusCode === 'number' ? error.statusCode : error.name === 'ZodError' ? 422 : 500;
      metrics.bets.labels(game, 'refused', refusalReason(error, status)).inc();
      done();
    },
    /** When the answer is sent: an instant game's accepted bet has settled. */
    answered(status: number, seconds: number): void {
      if (instant && status >= 200 && status < 300) settled.observe(seconds);
    },
  };
}
