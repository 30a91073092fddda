// Every fixed first path segment of the site's route table is a reserved referral code (issue 24
// item 12): a code like "boxes" or "crash" would pose as a page of the site.
import { expect, it } from 'vitest';
import { routeTable } from '../../../src/client/app/route-table.ts';
import { devRoutes } from '../../../src/client/app/dev-pages.ts';
import { RESERVED_REFERRAL_CODES, isReservedReferralCode } from '../../../src/shared/api/affiliates.ts';

it('reserves the first segment of every route of the route table', () => {
  const segments = new Set(
    [...routeTable, ...devRoutes].map((r) => r.path.split('/')[1] ?? '').filter((s) => s !== '' && !s.startsWith(':')),
  );
  expect(segments.size).toBeGreaterThan(25);
  for (const s of segments) {
    expect(RESERVED_REFERRAL_CODES, s).toContain(s);
    expect(isReservedReferralCode(s.toUpperCase()), s).toBe(true);
  }
});
