// Plinko, "Bounce" on the site (spec §7 Plinko), typed from src/shared/api/plinko.ts.
import type { z } from 'zod';
import { api } from '../api.ts';
import { withQuery, type QueryOf } from './query.ts';
import type {
  PlinkoBetBody,
  plinkoBetResponseSchema,
  plinkoConfigSchema,
  plinkoCurrentSchema,
  plinkoLeaderboardQuerySchema,
  plinkoLeaderboardSchema,
} from '../../../shared/api/plinko.ts';

/** GET /api/plinko/config. */
export const getPlinkoConfig = () => api<z.infer<typeof plinkoConfigSchema>>('GET', '/api/plinko/config');

/** GET /api/plinko/current: the player's seed pair state and recent drops. */
export const getPlinkoCurrent = () => api<z.infer<typeof plinkoCurrentSchema>>('GET', '/api/plinko/current');

/** POST /api/plinko/bet. */
export const placePlinkoBet = (body: PlinkoBetBody) =>
  api<z.infer<typeof plinkoBetResponseSchema>>('POST', '/api/plinko/bet', body);

/** GET /api/plinko/leaderboard with the filters that have a value. */
export const getPlinkoLeaderboard = (query: QueryOf<typeof plinkoLeaderboardQuerySchema>) =>
  api<z.infer<typeof plinkoLeaderboardSchema>>('GET', withQuery('/api/plinko/leaderboard', query));
