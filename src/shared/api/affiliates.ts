// Affiliates contract (issue 16, /profile/referral and /partnership): a referral link per player
// (/ref/{code}, a default code editable once), its visitors and sign-ups, and a commission of
// AFFILIATE_SHARE_PERCENT of the expected house profit on referred players' wagers.
import { z } from 'zod';
import { wagerEdgeBp } from '../economics/house-edge.ts';
import { PROGRAMME_SHARE_BP, shareOfEdgeCents, sharePercent } from '../economics/programme-shares.ts';

/**
 * The affiliate's share of the EXPECTED house profit of referred players' SETTLED wagers, percent
 * (economics/programme-shares.ts). Expected profit = stake × the edge of its game and table (dice
 * 1 %, boxes 7.40 %, …), so on $100 settled on dice an affiliate earns 15 % × $1.00 = $0.15. A
 * refunded or canceled wager earns nothing.
 */
export const AFFILIATE_SHARE_PERCENT = sharePercent(PROGRAMME_SHARE_BP.commission);

/** Commission in whole cents for referred players' total edge units (Σ cents × bp), rounded down. */
export function commissionCents(edgeUnits: number): number {
  return shareOfEdgeCents(edgeUnits, PROGRAMME_SHARE_BP.commission);
}

/** The commission per wager kind (and table) as a percent of the amount wagered (for /partnership). */
export function commissionOfWagerPercent(kind: string, table = ''): number {
  return (wagerEdgeBp(kind, table) / 100) * (AFFILIATE_SHARE_PERCENT / 100);
}

/** Custom code rule: 4–20 of a–z, 0–9 and single hyphens, starting and ending with a letter or digit. */
export const REFERRAL_CODE_PATTERN = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){2,18}[a-z0-9]$/;
/** The message for a code that breaks REFERRAL_CODE_PATTERN. */
export const referralCodeInvalidMessage =
  'The code must be 4–20 characters: letters a–z, digits and single hyphens, starting and ending with a letter or digit.';
/** Words of the site and its staff that no referral code may be. */
const RESERVED_WORDS = [
  'admin',
  'administrator',
  'support',
  'api',
  'help',
  'root',
  'system',
  'staff',
  'moderator',
  'official',
  'lootarcade',
  'loot-arcade',
  'www',
  'mail',
  'null',
  'undefined',
] as const;

/**
 * The first path segment of every route of the site: the client's pages (src/client/app/route-table.ts
 * and dev-pages.ts) and the server's own prefixes (src/server/http/static.ts serverPrefixes, the
 * built assets). tests/client/affiliates/reserved-codes.test.ts and
 * tests/server/affiliates-details.test.ts fail when a route is added without its segment here.
 */
export const SITE_ROUTE_SEGMENTS = [
  'boxes',
  'custom-boxes',
  'battles',
  'upgrade',
  'rocket',
  'crash',
  'bounce',
  'plinko',
  'wheel',
  'dice',
  'freeloot',
  'cashback',
  'leaderboard',
  'partnership',
  'faq',
  'how-it-works',
  'contacts',
  'provably-fair',
  'aml-policy',
  'cookie-policy',
  'privacy-statement',
  'terms-of-service',
  'index-old-winter',
  'engine-check',
  'bets',
  'auth',
  'ref',
  'reset-password',
  'verify-email',
  'profile',
  'dev',
  'api',
  'oauth',
  'social',
  'broadcasting',
  'socket.io',
  'app',
  'sandbox',
  'assets',
  'img',
] as const;

/** Codes no player may choose and no default code is: RESERVED_WORDS and SITE_ROUTE_SEGMENTS. */
export const RESERVED_REFERRAL_CODES: readonly string[] = [...new Set([...RESERVED_WORDS, ...SITE_ROUTE_SEGMENTS])];
const reservedBare = new Set(RESERVED_REFERRAL_CODES.map((c) => c.replace(/[^a-z0-9]/g, '')));

/** True when `code` is reserved, ignoring case and hyphens ("Ad-min" and "lootarcade" both are). */
export function isReservedReferralCode(code: string): boolean {
  return reservedBare.has(code.toLowerCase().replace(/[^a-z0-9]/g, ''));
}
/** The message for a reserved code. */
export const referralCodeReservedMessage = 'This code is reserved for the site. Choose another one.';
/** The message for a code another player has. */
export const referralCodeTakenMessage = 'This code is already taken.';
/** The message for a second change. */
export const referralCodeChangedMessage =
  'Your referral code has already been changed once and cannot be changed again.';
/** The message when nothing is claimable. */
export const nothingToClaimMessage = 'There is no commission to claim yet.';

/** PUT /api/affiliates/code body: the new code (trimmed, lower-cased before the check). */
export const affiliateCodeBodySchema = z.object({
  code: z
    .string({ error: 'Enter a referral code.' })
    .trim()
    .toLowerCase()
    .min(1, 'Enter a referral code.')
    .regex(REFERRAL_CODE_PATTERN, referralCodeInvalidMessage)
    .refine((code) => !isReservedReferralCode(code), referralCodeReservedMessage),
});

/** The dashboard of /profile/referral. */
export const affiliateSchema = z.object({
  code: z.string(),
  link: z.string(), // absolute URL of /ref/{code}
  code_editable: z.boolean(), // false once the one change was made
  visitors: z.number().int(), // landings on the link
  signups: z.number().int(), // players who signed up through it
  referred_wagered: z.number(), // dollars wagered by those players in total
  commission_rate: z.number(), // percent of the expected house profit (AFFILIATE_SHARE_PERCENT)
  earned: z.number(), // dollars earned in total
  claimable: z.number(), // dollars earned and not yet claimed
});
/** The dashboard of /profile/referral. */
export type Affiliate = z.infer<typeof affiliateSchema>;

/** GET /api/affiliates. */
export const affiliateResponseSchema = z.object({ data: affiliateSchema });
/** PUT /api/affiliates/code. */
export const affiliateCodeResponseSchema = z.object({ msg: z.string(), data: affiliateSchema });
/** POST /api/affiliates/claim. */
export const affiliateClaimResponseSchema = z.object({ msg: z.string(), balance: z.number() });
/** POST /api/affiliates/visit/{code} (the /ref page): always 204-like `{ok}`; unknown codes count nothing. */
export const referralVisitResponseSchema = z.object({ ok: z.boolean() });
