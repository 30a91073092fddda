// Crazy Wheel page checks shared by wheel.spec (desktop, in its round) and wheel-plinko-looks.spec (phone):
// the colour panels' player counts in words, and the landed result's text inside the wheel's hub.
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

type W = Window & { __wheel?: { hubRadius(): number } };

/** Expects every colour panel to count its listed bets in words that agree ("1 player", "3 players"). */
export async function expectPlayerCounts(page: Page): Promise<void> {
  for (const colour of ['grey', 'red', 'blue', 'gold']) {
    const n = await page.getByTestId(`panel-${colour}`).getByTestId('wheel-bet').count();
    await expect(page.getByTestId(`players-${colour}`)).toHaveText(n === 1 ? '1 player' : `${n} players`);
  }
}

/** Expects every line of the status and result text inside the hub's circle, read in the first frame that
 * shows round `roundId`'s result (its ended phase is 5 s at the test pace: a loaded run must not miss it). */
export async function expectResultInsideHub(page: Page, roundId: number): Promise<void> {
  const shown = await page.waitForFunction(
    (round) => {
      const el = document.querySelector('[data-testid="wheel-stage"]')!;
      const lines = (id: string) => {
        const range = document.createRange();
        range.selectNodeContents(document.querySelector(`[data-testid="${id}"]`) ?? document.createElement('i'));
        return [...range.getClientRects()].map((q) => ({ x: q.x, y: q.y, w: q.width, h: q.height }));
      };
      const rects = { 'wheel-status': lines('wheel-status'), 'wheel-result': lines('wheel-result') };
      if (el.getAttribute('data-landed-round') !== String(round) || !Object.values(rects).every((r) => r.length))
        return null;
      const s = el.getBoundingClientRect();
      return { r: (window as W).__wheel!.hubRadius(), cx: s.x + s.width / 2, cy: s.y + s.height / 2, rects };
    },
    roundId,
    { timeout: 10_000 },
  );
  const look = (await shown.jsonValue())!;
  for (const [id, rects] of Object.entries(look.rects)) {
    for (const q of rects)
      for (const [x, y] of [
        [q.x, q.y],
        [q.x + q.w, q.y],
        [q.x, q.y + q.h],
        [q.x + q.w, q.y + q.h],
      ])
        expect(Math.hypot(x! - look.cx, y! - look.cy), `${id} corner inside the hub (r ${look.r})`).toBeLessThanOrEqual(
          look.r + 1,
        );
  }
}
