// Sign-up, sign-in and account recovery calls (spec §7 Auth), typed from src/shared/api/auth.ts.
import type { z } from 'zod';
import { api } from '../api.ts';
import type {
  forgotBodySchema,
  msgSchema,
  registerBodySchema,
  resetBodySchema,
  socialHandleSchema,
  tokenBodySchema,
  TokenResponse,
  trackingLinkSchema,
} from '../../../shared/api/auth.ts';

/** A `{msg}` answer. */
export type MsgAnswer = z.infer<typeof msgSchema>;

/** POST /api/auth/register. */
export const registerAccount = (body: z.input<typeof registerBodySchema>) =>
  api<MsgAnswer>('POST', '/api/auth/register', body);

/** POST /api/auth/forgot-password. */
export const forgotPassword = (body: z.input<typeof forgotBodySchema>) =>
  api<MsgAnswer>('POST', '/api/auth/forgot-password', body);

/** POST /api/auth/reset-password. */
export const resetPassword = (body: z.input<typeof resetBodySchema>) =>
  api<MsgAnswer>('POST', '/api/auth/reset-password', body);

/** POST /api/auth/verify-email with the token of the mailed link. */
export const verifyEmail = (token: string) => api<MsgAnswer>('POST', '/api/auth/verify-email', { token });

/** GET /social/handle with the provider's callback query (`code`, `state`, …). */
export const handleSocialCallback = (query: URLSearchParams) =>
  api<z.infer<typeof socialHandleSchema>>('GET', `/social/handle?${query.toString()}`);

/** POST /oauth/token (password and social grants; the refresh grant bypasses the 401 retry in session.ts). */
export const requestToken = (body: z.input<typeof tokenBodySchema>) => api<TokenResponse>('POST', '/oauth/token', body);

/** POST /api/profile/logout: ends this session on the server. */
export const logoutSession = () => api<MsgAnswer>('POST', '/api/profile/logout');

/** GET /api/tl/{utm_source}: the value of the trackingLink cookie. */
export const getTrackingLink = (source: string) =>
  api<z.infer<typeof trackingLinkSchema>>('GET', `/api/tl/${encodeURIComponent(source)}`);
