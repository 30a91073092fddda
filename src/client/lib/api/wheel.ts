// The Crazy Wheel (spec §7 Wheel), typed from src/shared/api/wheel.ts.
import type { z } from 'zod';
import { api } from '../api.ts';
import type {
  WheelBetBody,
  wheelBetListSchema,
  wheelBetResponseSchema,
  wheelConfigSchema,
  wheelCurrentSchema,
  wheelRecentGamesSchema,
  wheelSeedsSchema,
} from '../../../shared/api/wheel.ts';

type WheelBetAnswer = z.infer<typeof wheelBetResponseSchema>;
type WheelBetList = z.infer<typeof wheelBetListSchema>;

/** GET /api/wheel/config. */
export const getWheelConfig = () => api<z.infer<typeof wheelConfigSchema>>('GET', '/api/wheel/config');

/** GET /api/wheel/seeds: the daily seeds, newest first. */
export const getWheelSeeds = () => api<z.infer<typeof wheelSeedsSchema>>('GET', '/api/wheel/seeds');

/** GET /api/wheel/current: the round now and its bets. */
export const getWheelCurrent = () => api<z.infer<typeof wheelCurrentSchema>>('GET', '/api/wheel/current');

/** GET /api/wheel/recent-games: the last `limit` rounds. */
export const getWheelRecentGames = (limit: number) =>
  api<z.infer<typeof wheelRecentGamesSchema>>('GET', `/api/wheel/recent-games?limit=${limit}`);

/** GET /api/wheel/recent-bets: this round's bets. */
export const getWheelRecentBets = () => api<WheelBetList>('GET', '/api/wheel/recent-bets');

/** GET /api/wheel/top-payouts: the largest wins of 24 h. */
export const getWheelTopPayouts = () => api<WheelBetList>('GET', '/api/wheel/top-payouts');

/** POST /api/wheel/bet. */
export const placeWheelBet = (body: WheelBetBody) => api<WheelBetAnswer>('POST', '/api/wheel/bet', body);

/** POST /api/wheel/bet/{id}/cancel. */
export const cancelWheelBet = (id: number) => api<WheelBetAnswer>('POST', `/api/wheel/bet/${id}/cancel`);

/** GET /api/wheel/my-bets: the player's settled bets, newest first. */
export const getMyWheelBets = (limit: number) => api<WheelBetList>('GET', `/api/wheel/my-bets?limit=${limit}`);
