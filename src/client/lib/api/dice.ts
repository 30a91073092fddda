// Dice (spec §7 Dice), typed from src/shared/api/dice.ts.
import type { z } from 'zod';
import { api } from '../api.ts';
import type { DiceBetBody, diceBetResponseSchema, diceHistorySchema } from '../../../shared/api/dice.ts';

type DiceHistory = z.infer<typeof diceHistorySchema>;

/** POST /api/dice/bet. */
export const placeDiceBet = (body: DiceBetBody) =>
  api<z.infer<typeof diceBetResponseSchema>>('POST', '/api/dice/bet', body);

/** GET /api/dice/bets: the player's last `limit` bets. */
export const getMyDiceBets = (limit: number) => api<DiceHistory>('GET', `/api/dice/bets?limit=${limit}`);

/** GET /api/dice/bets/recent: everyone's last `limit` bets. */
export const getRecentDiceBets = (limit: number) => api<DiceHistory>('GET', `/api/dice/bets/recent?limit=${limit}`);
