// The referral programme (spec §7 Affiliates), typed from src/shared/api/affiliates.ts.
import type { z } from 'zod';
import { api } from '../api.ts';
import type {
  affiliateClaimResponseSchema,
  affiliateCodeResponseSchema,
  affiliateResponseSchema,
  referralVisitResponseSchema,
} from '../../../shared/api/affiliates.ts';

/** GET /api/affiliates: the dashboard. */
export const getAffiliate = () => api<z.infer<typeof affiliateResponseSchema>>('GET', '/api/affiliates');

/** PUT /api/affiliates/code. */
export const setReferralCode = (code: string) =>
  api<z.infer<typeof affiliateCodeResponseSchema>>('PUT', '/api/affiliates/code', { code });

/** POST /api/affiliates/claim: the claimable commission onto the balance. */
export const claimCommission = () => api<z.infer<typeof affiliateClaimResponseSchema>>('POST', '/api/affiliates/claim');

/** POST /api/affiliates/visit/{code}: counts a landing on a referral link. */
export const countReferralVisit = (code: string) =>
  api<z.infer<typeof referralVisitResponseSchema>>('POST', `/api/affiliates/visit/${encodeURIComponent(code)}`);
