// Rocket keeps the player's bet (issue 26 item 1): a bet placed in one tab shows in a second tab of
// the same player at once, and after a reload in flight the page learns the open bet from
// GET /api/crash/current and shows Cash out @ $x; cashing out there pays once (the page, the second
// tab and the server agree on the balance). Rounds are the server's real ones, at the test pace
// (playwright.config.ts: games of the chain that crash at 1.35–1.50×, 5.0–6.8 s flights): a round that busts before the
// reloaded page is back is lost, and the test bets again. One viewport: the bet's life across tabs and a
// reload is the subject (Rocket's phone layout: phone-fit, amount-field, hud-kit).
import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';

const dollars = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));

/** Resolves once `page` offers Cash out in round `roundId` ('cashout'), or that round is over ('gone'). */
async function cashOutOrGone(page: Page, roundId: string): Promise<'cashout' | 'gone'> {
  let seen: 'cashout' | 'gone' | null = null;
  await expect
    .poll(
      async () =>
        (seen = await page.evaluate((id) => {
          const root = document.querySelector('[data-testid="crash-page"]');
          const button = document.querySelector('[data-testid="crash-button"]');
          if (root?.getAttribute('data-round') === id && /Cash out @/.test(button?.textContent ?? ''))
            return 'cashout' as const;
          const round = root?.getAttribute('data-round') ?? '';
          const over = root?.getAttribute('data-status') === 'ended' || (round !== '' && round !== id);
          return over ? ('gone' as const) : null;
        }, roundId)),
      { timeout: 60_000, intervals: [100] },
    )
    .not.toBeNull();
  return seen!;
}

test('a riding bet survives a reload and shows in a second tab; Cash out there pays once', async ({
  page,
  context,
  signIn,
}) => {
  test.setTimeout(180_000); // a few real rounds (at the test pace, about 10 s each)
  const player = await signIn({ balanceCents: 10_000 });
  const second = await context.newPage(); // the same player in another tab
  await second.goto('/rocket');
  await page.goto('/rocket');
  await expect(page.getByTestId('balance')).toHaveText('$100.00');
  await expect(second.getByTestId('balance')).toHaveText('$100.00');
  const root = page.getByTestId('crash-page');

  let balance = 100;
  for (let attempt = 0; attempt < 6; attempt++) {
    await page.getByTestId('crash-amount').fill('1.00');
    await page.getByTestId('crash-auto-cashout').fill('');
    await expect(page.getByTestId('crash-button')).toHaveText(/^Bet/);
    await page.getByTestId('crash-button').click(); // queued when no window is open
    await expect(root).toHaveAttribute('data-state', 'placed', { timeout: 90_000 });
    balance -= 1;
    const roundId = (await root.getAttribute('data-round'))!;
    // the second tab rides the bet from its `placed` event: never "Bet (next round)"
    await expect(second.getByTestId('crash-page')).toHaveAttribute('data-state', 'placed');
    await expect(second.getByTestId('crash-amount')).toHaveValue('1.00');

    await expect(root).toHaveAttribute('data-status', /in_progress|ended/, { timeout: 15_000 });
    await page.reload(); // mid-flight
    const reloaded = await cashOutOrGone(page, roundId);
    const inSecond = reloaded === 'cashout' ? await cashOutOrGone(second, roundId) : 'gone';
    if (reloaded === 'cashout' && inSecond === 'cashout') {
      await expect(page.getByTestId('crash-amount')).toHaveValue('1.00'); // the bet's own amount
      await page
        .getByRole('button', { name: /Cash out @/ })
        .click({ timeout: 2_000 })
        .catch(() => undefined); // it may bust meanwhile
      await expect(root).toHaveAttribute('data-state', /won|lost/, { timeout: 60_000 });
      if ((await root.getAttribute('data-state')) === 'won') {
        const payout = dollars((await page.getByTestId('crash-result').textContent())!.split('won')[1]!);
        expect(payout).toBeGreaterThanOrEqual(1);
        balance = Math.round((balance + payout) * 100) / 100;
        const shown = `$${balance.toFixed(2)}`;
        await expect(page.getByTestId('balance')).toHaveText(shown);
        // the second tab saw the same bet cash out (its bets event), and shows the same balance
        await expect(second.getByTestId('crash-page')).toHaveAttribute('data-state', 'won');
        await expect(second.getByTestId('crash-result')).toContainText(`won $${payout.toFixed(2)}`);
        await expect(second.getByTestId('balance')).toHaveText(shown);
        // paid once: the server's balance after the round is over
        await expect(page.getByTestId('crash-page')).not.toHaveAttribute('data-round', roundId, { timeout: 90_000 });
        const profile = await page.request.get('/api/profile', { headers: player.auth });
        expect(((await profile.json()) as { data: { balance: number } }).data.balance).toBe(balance);
        return;
      }
    }
    // busted first: the stake is gone, in both tabs
    await expect(root).not.toHaveAttribute('data-round', roundId, { timeout: 90_000 });
    await expect(page.getByTestId('balance')).toHaveText(`$${balance.toFixed(2)}`);
    await expect(second.getByTestId('balance')).toHaveText(`$${balance.toFixed(2)}`);
  }
  throw new Error('six rounds busted before the reloaded page cashed out');
});
