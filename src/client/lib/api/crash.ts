// Crash, "Rocket" on the site (spec §7 Crash), typed from src/shared/api/crash.ts.
import type { z } from 'zod';
import { api } from '../api.ts';
import { withQuery, type QueryOf } from './query.ts';
import type {
  CrashBetBody,
  CrashBetResponse,
  CrashCloseBetResponse,
  CrashCurrentResponse,
  crashFairnessResponseSchema,
  crashLeaderboardQuerySchema,
  crashLeaderboardResponseSchema,
  crashMyBetsResponseSchema,
  crashRecentResponseSchema,
} from '../../../shared/api/crash.ts';

/** POST /api/crash/bet. */
export const placeCrashBet = (body: CrashBetBody) => api<CrashBetResponse>('POST', '/api/crash/bet', body);

/** POST /api/crash/close-bet: cash out at the server's multiplier. */
export const cashOutCrashBet = () => api<CrashCloseBetResponse>('POST', '/api/crash/close-bet');

/** GET /api/crash/current: the round now and its bets. */
export const getCrashCurrent = () => api<CrashCurrentResponse>('GET', '/api/crash/current');

/** GET /api/crash/recent-games: the last `limit` rounds. */
export const getCrashRecentGames = (limit: number) =>
  api<z.infer<typeof crashRecentResponseSchema>>('GET', `/api/crash/recent-games?limit=${limit}`);

/** GET /api/crash/my-bets: the player's last `limit` bets. */
export const getMyCrashBets = (limit: number) =>
  api<z.infer<typeof crashMyBetsResponseSchema>>('GET', `/api/crash/my-bets?limit=${limit}`);

/** GET /api/crash/leaderboard with the filters that have a value. */
export const getCrashLeaderboard = (query: QueryOf<typeof crashLeaderboardQuerySchema>) =>
  api<z.infer<typeof crashLeaderboardResponseSchema>>('GET', withQuery('/api/crash/leaderboard', query));

/** GET /api/crash/fairness. */
export const getCrashFairness = () => api<z.infer<typeof crashFairnessResponseSchema>>('GET', '/api/crash/fairness');
