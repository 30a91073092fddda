// Success toasts with the server's msg (spec §8, issue 26 item 12) on Bounce and the Crazy Wheel
// (a bet and its cancel)
// (Rocket's bet and cash-out toasts are checked in crash.spec.ts): the toast shows the msg of the
// very answer the page got — for Bounce once the ball has landed, since the msg tells the result. The
// toast's text is the subject, not the layout: one viewport.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { freshWheelWindow, wheelBettingLeft } from './round-pace.ts';
import { expectToast, shownToasts } from './toasts.ts';

const answer = (page: Page, path: string) =>
  page.waitForResponse((r) => r.url().endsWith(path) && r.request().method() === 'POST');

test('a Bounce drop toasts the server’s msg when its ball lands', async ({ page, signIn }) => {
  await signIn({ balanceCents: 10_000 });
  await page.goto('/bounce');
  const stage = page.getByTestId('plinko-stage');
  await expect(stage).toHaveAttribute('data-renderer', 'webgl');
  const since = (await shownToasts(page)).length;
  const placed = answer(page, '/api/plinko/bet');
  await page.getByTestId('plinko-drop').click();
  const res = await placed;
  expect(res.status()).toBe(200);
  const { msg } = (await res.json()) as { msg: string };
  expect(msg).toMatch(/^(×[\d.]+: \$[\d,.]+|No win)$/);
  await expect(stage).toHaveAttribute('data-in-flight', '0', { timeout: 20_000 });
  await expectToast(page, msg, 'success', since);
});

test('a Crazy Wheel bet and its cancel toast the server’s msg', async ({ page, signIn }) => {
  test.setTimeout(120_000); // up to a few ~13 s rounds
  await signIn({ balanceCents: 10_000 });
  await page.goto('/wheel');
  const stage = page.getByTestId('wheel-stage');
  await expect(stage).toHaveAttribute('data-renderer', 'webgl');
  const red = page.getByTestId('panel-red');
  await red.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  // a click after the window closed is refused (an error toast), and the Cancel of a bet goes with
  // the window: try the next round
  for (let attempt = 0; attempt < 4; attempt++) {
    await freshWheelWindow(page); // the open window when half of it is left, else the next one
    const since = (await shownToasts(page)).length;
    await page.getByTestId('wheel-amount').fill('1.00');
    const placed = answer(page, '/api/wheel/bet');
    await red.getByRole('button', { name: /Bet on red/ }).click();
    const res = await placed;
    if (res.status() !== 200) continue;
    const { msg, balance } = (await res.json()) as { msg: string; balance: number };
    expect(msg).toBe('Bet placed.');
    await expectToast(page, msg, 'success', since);
    // the same bet cancelled while the window is still open: its own msg, the stake back
    const afterBet = (await shownToasts(page)).length;
    const canceled = page
      .waitForResponse((r) => /\/api\/wheel\/bet\/\d+\/cancel$/.test(r.url()), { timeout: 10_000 })
      .catch(() => null);
    const left = (await wheelBettingLeft(page)) ?? 0; // the button is there only while the window is open
    const clicked = await red
      .locator('.wheel-cancel')
      .first()
      .click({ timeout: Math.max(1, left * 1000) })
      .then(
        () => true,
        () => false,
      );
    const cancelRes = clicked ? await canceled : null;
    if (cancelRes?.status() !== 200) continue; // the window closed between the two clicks: the bet rides
    const cancel = (await cancelRes.json()) as { msg: string; balance: number };
    expect(Math.round(cancel.balance * 100)).toBe(Math.round(balance * 100) + 100); // the whole $1 stake back (a bet of an earlier try may have ridden)
    await expectToast(page, cancel.msg, 'success', afterBet);
    return;
  }
  throw new Error('four betting windows closed before the bet and its cancel landed');
});
