// The e2e server runs on the real clock, so a test whose data lives in a programme window (the
// cashback day ending 21:00, the leaderboard week ending Thursday 18:00, Europe/Berlin) must not
// straddle the window's end: clearOf waits until the boundary has passed when it is near.
import { expect, test } from '@playwright/test';

/** Long enough for any one test to run through (its own timeout is longer only for round games). */
export const WINDOW_MARGIN_MS = 120_000;

/** Returns at once when `boundary` (epoch ms) is more than `margin` away; otherwise once it has passed. */
export async function clearOf(boundary: number, margin = WINDOW_MARGIN_MS): Promise<void> {
  if (boundary - Date.now() > margin) return;
  test.info().setTimeout(test.info().timeout + margin + 10_000); // the wait does not eat the test's own time
  await expect.poll(() => Date.now() > boundary + 1_000, { timeout: margin + 10_000, intervals: [1_000] }).toBe(true);
}
