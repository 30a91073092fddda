// Case battles (spec §7 Battles), typed from src/shared/api/battles.ts. The pages' side effects
// (toasts, balance, active battle) are in games/battles/battle-api.ts.
import type { z } from 'zod';
import { api } from '../api.ts';
import type {
  battleBotsResponseSchema,
  battleListResponseSchema,
  battleMoneyResponseSchema,
  battleMsgResponseSchema,
  battleResponseSchema,
  CreateBattleBody,
  CreateBattleResponse,
} from '../../../shared/api/battles.ts';

/** `{msg, balance}`: the answer of the calls that move money. */
export type MoneyAnswer = z.infer<typeof battleMoneyResponseSchema>;

/** GET /api/battles: the open and running battles. */
export const listBattles = () => api<z.infer<typeof battleListResponseSchema>>('GET', '/api/battles');

/** GET /api/battles/bots. */
export const listBattleBots = () => api<z.infer<typeof battleBotsResponseSchema>>('GET', '/api/battles/bots');

/** GET /api/battles/{id}, with a private battle's invite `code`. */
export const getBattle = (id: number, code?: string | null) =>
  api<z.infer<typeof battleResponseSchema>>(
    'GET',
    code ? `/api/battles/${id}?code=${encodeURIComponent(code)}` : `/api/battles/${id}`,
  );

/** POST /api/battles/create. */
export const postCreateBattle = (body: CreateBattleBody) =>
  api<CreateBattleResponse>('POST', '/api/battles/create', body);

/** POST /api/battles/{id}/join: a team in team modes, a private battle's invite `code`. */
export const postJoinBattle = (id: number, teamIdx?: number, code?: string | null) =>
  api<MoneyAnswer>('POST', `/api/battles/${id}/join`, {
    ...(teamIdx === undefined ? {} : { team_idx: teamIdx }),
    ...(code ? { code } : {}),
  });

/** POST /api/battles/{id}/leave. */
export const postLeaveBattle = (id: number) => api<MoneyAnswer>('POST', `/api/battles/${id}/leave`);

/** POST /api/battles/{id}/add-bots: `bots` bots, into team `teamIdx` if given. */
export const postAddBots = (id: number, bots: number, teamIdx?: number) =>
  api<MoneyAnswer>(
    'POST',
    `/api/battles/${id}/add-bots`,
    teamIdx === undefined ? { bots } : { bots, team_idx: teamIdx },
  );

/** POST /api/battles/{id}/cancel. */
export const postCancelBattle = (id: number) =>
  api<z.infer<typeof battleMsgResponseSchema>>('POST', `/api/battles/${id}/cancel`);
