// The weekly leaderboard and cashback (spec §7 Programmes), typed from src/shared/api/programmes.ts.
import type { z } from 'zod';
import { api } from '../api.ts';
import type {
  cashbackClaimResponse,
  cashbackResponse,
  leaderboardResponse,
  publicStatsResponse,
} from '../../../shared/api/programmes.ts';

type PublicStats = z.infer<typeof publicStatsResponse>;

/** GET /api/leaderboard. */
export const getLeaderboard = () => api<z.infer<typeof leaderboardResponse>>('GET', '/api/leaderboard');

/** GET /api/profile/public-stats: whether the leaderboard shows the player's name. */
export const getPublicStats = () => api<PublicStats>('GET', '/api/profile/public-stats');

/** PUT /api/profile/public-stats. */
export const setPublicStats = (value: boolean) =>
  api<PublicStats>('PUT', '/api/profile/public-stats', { public: value });

/** GET /api/cashback. */
export const getCashback = () => api<z.infer<typeof cashbackResponse>>('GET', '/api/cashback');

/** POST /api/cashback/claim. */
export const claimCashback = () => api<z.infer<typeof cashbackClaimResponse>>('POST', '/api/cashback/claim');
