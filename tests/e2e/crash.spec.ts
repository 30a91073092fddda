// Rocket end to end against the real round loop: a funded player bets with Space (never while typing in
// a field), watches the round and cashes out with Space (balance − bet + payout; the bet and the cash-out
// toast the server's msg, spec §8), or, when the round busts before the key lands, sees the loss and tries
// the next round; a second page sees the bet in the players list; the cash-out shows as a marker on the
// graph and the result label clears when the next round starts. The provably-fair page recomputes a
// finished game from the recent strip. Rounds are the server's real ones at the test pace
// (playwright.config.ts: a 2.5 s window, games of the chain that crash at 1.35–1.50×). At the desktop
// viewport: the round's flow is the subject (Rocket's phone layout: phone-fit, amount-field, hud-kit).
import { expect, frames, test } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { expectToast, shownToasts } from './toasts.ts';

type W = Window & {
  __crash?: {
    renderer: string;
    state(): { round: string; crash: string; roundId: number | null };
    markers(): { name: string; multiplier: number }[];
  };
};

const dollars = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));
const crashState = (page: Page) => page.evaluate(() => (window as W).__crash?.state() ?? null);

test('recent games link to the provably-fair page, which recomputes the crash point and walks the chain', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.goto('/rocket');
  const chip = page.getByTestId('crash-recent-game').first();
  await expect(chip).toBeVisible({ timeout: 90_000 }); // at least one round has crashed
  const shown = (await chip.textContent())!;
  await chip.click();
  await expect(page).toHaveURL(/\/rocket\/provably-fair\?hash=[0-9a-f]{64}/);
  await expect(page.getByTestId('fair-crash-point')).toHaveText(shown);
  await expect(page.getByTestId('fair-chain')).toContainText('Linked to the published chain: game #', {
    timeout: 30_000,
  });
});

// One round flow, driven by the keyboard: the desktop layout only (a phone has no Space key; the graph, label,
// toasts and balance are the same there). Space sends the events the buttons send: the clicks on Bet and Cash
// out are crash-reload.spec's and bonus-idle.spec's.
test('Space bets (not while typing) and cashes out: the server’s msg toasts, the balance changes, a watcher sees the bet, the cash-out marks the graph, the label clears next round @desktop', async ({
  page,
  signIn,
  newContext,
  random,
}) => {
  test.setTimeout(150_000); // up to a few real rounds (at the test pace, about 10 s each)
  const name = `Pilot ${random.word(6)}`;
  await signIn({ balanceCents: 10_000, name });
  const watcher = await (await newContext()).context.newPage();
  await watcher.goto('/crash');
  await expect(watcher.getByTestId('crash-page')).toHaveAttribute('data-crash-page', 'true');
  await page.goto('/rocket');
  const root = page.getByTestId('crash-page');
  await expect(page.getByTestId('crash-stage')).toHaveAttribute('data-renderer', 'webgl');
  await expect(root).not.toHaveAttribute('data-crash-page');
  await expect(page.getByTestId('balance')).toHaveText('$100.00');
  await expect(page.getByTestId('crash-hotkey')).toContainText('Space');
  const amount = page.getByTestId('crash-amount');
  await amount.fill('1.00');
  await amount.press('Space'); // typing: the key is the field's
  await frames(page, 3);
  await expect(root).toHaveAttribute('data-state', 'idle');
  await amount.fill('1.00');

  let balance = 100;
  for (let attempt = 0; attempt < 4; attempt++) {
    await expect(page.getByTestId('crash-button')).toHaveText(/^Bet/);
    await expect(page.getByTestId('crash-button')).toBeEnabled();
    const since = (await shownToasts(page)).length;
    await page.locator('h1').click(); // focus leaves the field
    await page.keyboard.press('Space');
    // a bet outside the betting window is queued and sent when the next round opens
    await expect(root).toHaveAttribute('data-state', /queued|placing|placed/);
    await expect(root).toHaveAttribute('data-state', 'placed', { timeout: 90_000 });
    await expectToast(page, 'Bet placed.', 'success', since);
    balance -= 1;
    await expect(page.getByTestId('balance')).toHaveText(`$${balance.toFixed(2)}`);
    if (attempt === 0)
      await expect(watcher.getByTestId('crash-players').getByRole('row').filter({ hasText: name })).toContainText(
        '$1.00',
      );
    const roundId = (await root.getAttribute('data-round'))!;
    await expect(root).toHaveAttribute('data-status', /in_progress|ended/, { timeout: 15_000 });
    if ((await root.getAttribute('data-status')) === 'in_progress') await page.keyboard.press('Space'); // it may bust meanwhile
    await expect(root).toHaveAttribute('data-state', /won|lost/, { timeout: 90_000 });
    const result = page.getByTestId('crash-result');
    await expect(result).toBeVisible();
    const won = (await crashState(page))?.crash === 'won';
    if (won) {
      const text = (await result.textContent())!;
      const payout = dollars(text.split('won')[1]!);
      expect(payout).toBeGreaterThanOrEqual(1);
      const multiplier = Number(/@ ([\d.]+)×/.exec(text)![1]);
      await expectToast(page, `Cashed out at ${multiplier.toFixed(2)}×.`, 'success', since);
      balance = Math.round((balance + payout) * 100) / 100;
      await expect(page.getByTestId('balance')).toHaveText(`$${balance.toFixed(2)}`);
      await expect(
        watcher.getByTestId('crash-players').locator('tr[data-state="cashed_out"]', { hasText: name }),
      ).toHaveCount(1);
      await expect
        .poll(() => page.evaluate(() => (window as W).__crash?.markers() ?? []))
        .toContainEqual({ name, multiplier });
    } else {
      await expect(result).toHaveText(/^(Busted|Too late)/);
      await expect(page.getByTestId('balance')).toHaveText(`$${balance.toFixed(2)}`); // busted first: the stake is gone
    }
    // the next round starts: the label is gone
    await expect(root).not.toHaveAttribute('data-round', roundId, { timeout: 90_000 });
    await expect(result).toHaveCount(0);
    if (won) return;
  }
  throw new Error('four rounds busted before the Space cash-out landed');
});
