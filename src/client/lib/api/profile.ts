// The player's profile calls (spec §7 Profile), typed from src/shared/api/{user,profile,profile-bets,programmes}.ts.
import type { z } from 'zod';
import { api } from '../api.ts';
import { withQuery } from './query.ts';
import type { MsgAnswer } from './auth.ts';
import type { profileResponseSchema } from '../../../shared/api/user.ts';
import type {
  passwordBodySchema,
  profileStatsSchema,
  profileUpdateSchema,
  sessionsSchema,
  ShippedAvatar,
} from '../../../shared/api/profile.ts';
import type { BetsResponse } from '../../../shared/api/profile-bets.ts';
import type { DepositLimit, limitsChangeResponse, limitsResponse } from '../../../shared/api/programmes.ts';

/** `{msg, data: user}`: the answer of the calls that change the player. */
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
type LimitsChange = z.infer<typeof limitsChangeResponse>;

/** GET /api/profile: the signed-in player. */
export const getProfile = () => api<z.infer<typeof profileResponseSchema>>('GET', '/api/profile');

/** GET /api/profile/stats. */
export const getProfileStats = () => api<z.infer<typeof profileStatsSchema>>('GET', '/api/profile/stats');

/** GET /api/profile/sessions. */
export const getProfileSessions = () => api<z.infer<typeof sessionsSchema>>('GET', '/api/profile/sessions');

/** POST /api/profile/logout-everywhere. */
export const logoutEverywhere = () => api<MsgAnswer>('POST', '/api/profile/logout-everywhere');

/** POST /api/profile/name. */
export const setProfileName = (name: string) => api<ProfileUpdate>('POST', '/api/profile/name', { name });

/** POST /api/profile/password. */
export const setProfilePassword = (body: z.input<typeof passwordBodySchema>) =>
  api<MsgAnswer>('POST', '/api/profile/password', body);

/** POST /api/profile/avatar/preset: one of the shipped avatars. */
export const setPresetAvatar = (avatar: ShippedAvatar) =>
  api<ProfileUpdate>('POST', '/api/profile/avatar/preset', { avatar });

/** POST /api/profile/avatar: the image as multipart field `avatar`. */
export function uploadAvatar(file: Blob) {
  const form = new FormData();
  form.append('avatar', file, 'avatar'); // the server ignores the name
  return api<ProfileUpdate>('POST', '/api/profile/avatar', form);
}

/** POST /api/profile/verify-email: mails the verification link again. */
export const resendVerifyEmail = () => api<MsgAnswer>('POST', '/api/profile/verify-email');

/** Filters of the bet archive; empty ones are left out of the query. */
export interface BetsFilters {
  game: string;
  result: string;
  from: string; // YYYY-MM-DD
  to: string; // YYYY-MM-DD
}

/** GET /api/profile/bets: page `page` of `perPage` bets under these filters. */
export const getProfileBets = (filters: BetsFilters, page: number, perPage: number) =>
  api<BetsResponse>('GET', withQuery('/api/profile/bets', { page, per_page: perPage, ...filters }));

/** GET /api/profile/limits. */
export const getLimits = () => api<z.infer<typeof limitsResponse>>('GET', '/api/profile/limits');

/** PUT /api/profile/limits: amount in dollars, null removes the limit. */
export const setDepositLimit = (period: DepositLimit['period'], amount: number | null) =>
  api<LimitsChange>('PUT', '/api/profile/limits', { period, amount });

/** POST /api/profile/self-exclusion for `days` days. */
export const selfExclude = (days: number) => api<LimitsChange>('POST', '/api/profile/self-exclusion', { days });
