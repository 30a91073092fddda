// Crazy Wheel in the browser: the provably-fair page lists the day seeds and recomputes a round.
import { expect, test } from './fixtures.ts';
import { WHEEL_LAYOUT } from '../../src/shared/games/wheel/wheel.layout.ts';

const PAYOUT: Record<string, number> = { grey: 2, red: 3.05, blue: 5.2, gold: 52 };

test('the provably-fair page lists the day seeds and recomputes a round', async ({ page }) => {
  await page.goto('/wheel/provably-fair?round=7');
  await expect(page.getByTestId('wheel-seeds').locator('tbody tr')).not.toHaveCount(0);
  await page.getByLabel("The day's server seed (revealed the next day)").fill('a'.repeat(64));
  await page.getByLabel("The day's public seed").fill('abc');
  await page.getByLabel('Round id').fill('1');
  expect(JSON.parse((await page.getByTestId('fair-result').textContent())!)).toEqual({
    game: 'crazy-wheel',
    segment: 8,
    color: WHEEL_LAYOUT[8],
    multiplier: PAYOUT[WHEEL_LAYOUT[8]!],
  });
});
