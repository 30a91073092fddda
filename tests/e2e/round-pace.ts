// The round games' pace the test server runs (GET /api/config `round_pace`: the spec's unless
// playwright.config.ts shortens it), waiting for a Crazy Wheel betting window a click can land in,
// and posting a bet in a betting window (Rocket, the wheel).
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The configured pace in ms. */
export interface RoundPace {
  crash: { betting_ms: number; ended_ms: number };
  wheel: { betting_ms: number; ended_ms: number };
}

/** The pace the server under test runs. */
export async function roundPace(page: Page): Promise<RoundPace> {
  const res = await page.request.get('/api/config');
  return ((await res.json()) as { round_pace: RoundPace }).round_pace;
}

/** Seconds left in the open wheel betting window as the page shows them ("Bets close in 7.4 s"), or null. */
export async function wheelBettingLeft(page: Page): Promise<number | null> {
  if ((await page.getByTestId('wheel-stage').getAttribute('data-status')) !== 'starting') return null;
  const left = /Bets close in ([\d.]+) s/.exec((await page.getByTestId('wheel-status').textContent()) ?? '');
  return left ? Number(left[1]) : null;
}

/** Waits for a wheel betting window with at least half of it left (the open one, else the next round's), so a
 * click lands inside it. */
export async function freshWheelWindow(page: Page): Promise<void> {
  const half = (await roundPace(page)).wheel.betting_ms / 2000;
  if (((await wheelBettingLeft(page)) ?? 0) >= half) return;
  const stage = page.getByTestId('wheel-stage');
  await expect(stage).toHaveAttribute('data-status', /^(new|pending|in_progress|ended)$/, { timeout: 30_000 });
  await expect(stage).toHaveAttribute('data-status', 'starting', { timeout: 30_000 });
}

/** Rocket and the wheel take bets in their betting window: `url` posted until one opens. */
export async function betInWindow(
  request: APIRequestContext,
  auth: Record<string, string>,
  url: string,
  data: object,
): Promise<{ id: number }> {
  let bet: { id: number } | null = null;
  await expect
    .poll(
      async () => {
        const res = await request.post(url, { headers: auth, data });
        if (res.status() === 200) bet = (await res.json()).data;
        return res.status();
      },
      { timeout: 30_000 },
    )
    .toBe(200);
  return bet!;
}
