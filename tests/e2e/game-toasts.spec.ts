// Success toasts with the server's msg (spec §8, issue 26 item 12) on Bounce and the Crazy Wheel
// (Rocket's bet and cash-out toasts are checked in rocket.spec.ts): the toast shows the msg of the
// very answer the page got — for Bounce once the ball has landed, since the msg tells the result.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectToast, shownToasts } from './toasts.ts';

const answer = (page: Page, path: string) =>
  page.waitForResponse((r) => r.url().endsWith(path) && r.request().method() === 'POST');

test('a Bounce drop toasts the server’s msg when its ball lands @responsive', async ({ page, signIn }) => {
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

test('a Crazy Wheel bet toasts the server’s msg @responsive', async ({ page, signIn }) => {
  test.setTimeout(120_000); // up to a few ~20 s rounds
  await signIn({ balanceCents: 10_000 });
  await page.goto('/wheel');
  const stage = page.getByTestId('wheel-stage');
  await expect(stage).toHaveAttribute('data-renderer', 'webgl');
  await page.getByTestId('panel-red').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const since = (await shownToasts(page)).length;
  // a click after the window closed is refused (an error toast): try the next round
  for (let attempt = 0; attempt < 4; attempt++) {
    await expect(stage).toHaveAttribute('data-status', 'starting', { timeout: 30_000 });
    await page.getByTestId('wheel-amount').fill('1.00');
    const placed = answer(page, '/api/wheel/bet');
    await page
      .getByTestId('panel-red')
      .getByRole('button', { name: /Bet on red/ })
      .click();
    const res = await placed;
    if (res.status() !== 200) {
      await expect(stage).not.toHaveAttribute('data-status', 'starting', { timeout: 30_000 });
      continue;
    }
    const { msg } = (await res.json()) as { msg: string };
    expect(msg).toBe('Bet placed.');
    await expectToast(page, msg, 'success', since);
    return;
  }
  throw new Error('four betting windows closed before the bet landed');
});
