// Dialogs (spec §2): ?modal= opens the matching dialog on load and on route change; deposit for a
// guest opens register; the default modal closes on Escape, outside click and swipe and traps
// focus; the bonus dialog opens 4 s after start (on Playwright's clock) once per day and its
// Deposit button target.
import { expect, test } from './fixtures.ts';
import { ready } from './shell-helpers.ts';

test.describe('query and guards', () => {
  test('?modal=login opens the auth dialog on the Login tab', async ({ page }) => {
    await page.goto('/?modal=login');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toHaveAttribute('data-modal', 'auth');
    await expect(dialog).toHaveAttribute('data-auth-tab', 'login');
    await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
  });

  test('?modal=register opens the auth dialog on the Sign Up tab', async ({ page }) => {
    await page.goto('/?modal=register');
    await expect(page.getByRole('dialog')).toHaveAttribute('data-auth-tab', 'register');
    await expect(page.getByRole('dialog', { name: 'Sign Up' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('modal.png') });
  });

  test('?modal=deposit while signed out opens register and keeps promocode and amount in the URL', async ({ page }) => {
    await page.goto('/?modal=deposit&promocode=case35&amount=50');
    await expect(page.getByRole('dialog')).toHaveAttribute('data-auth-tab', 'register');
    expect(new URL(page.url()).searchParams.get('promocode')).toBe('case35');
    expect(new URL(page.url()).searchParams.get('amount')).toBe('50');
  });

  test('an unknown ?modal= value opens nothing; a route change without ?modal= opens nothing', async ({ page }) => {
    await page.goto('/faq?modal=nonsense');
    await ready(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Contacts' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.goto('/contacts?modal=register');
    await expect(page.getByRole('dialog')).toHaveAttribute('data-auth-tab', 'register');
  });

  // the opener is the header's Login on a desktop, the bottom bar's on a phone
  test('the default modal closes on Escape and outside click, traps focus and restores it @responsive', async ({
    page,
  }) => {
    await page.goto('/faq');
    await ready(page);
    const opener = page
      .getByRole('banner')
      .getByRole('button', { name: /Login/ })
      .or(page.getByTestId('bottom-login'))
      .first();
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);

    await opener.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 400);
    await expect(dialog).toHaveCount(0);
    await opener.click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test(
    'a downward swipe beyond the threshold closes the modal; a short one does not',
    { tag: '@phone' },
    async ({ page }) => {
      await page.goto('/?modal=login');
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      const swipe = (dy: number) =>
        dialog.evaluate((d, dy) => {
          const t = (y: number) => new Touch({ identifier: 1, target: d, clientX: 100, clientY: y });
          d.dispatchEvent(new TouchEvent('touchstart', { bubbles: true, touches: [t(200)], changedTouches: [t(200)] }));
          d.dispatchEvent(
            new TouchEvent('touchmove', { bubbles: true, touches: [t(200 + dy)], changedTouches: [t(200 + dy)] }),
          );
          d.dispatchEvent(new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [t(200 + dy)] }));
        }, dy);
      await swipe(60);
      await expect(dialog).toBeVisible();
      await swipe(200);
      await expect(dialog).toHaveCount(0);
    },
  );

  test(
    'modal width: 400 px by default content, deposit-sized dialogs never exceed the viewport',
    { tag: '@desktop' },
    async ({ page }) => {
      await page.goto('/?modal=login');
      const box = await page.getByRole('dialog').boundingBox();
      expect(box!.width).toBeLessThanOrEqual(440);
      expect(box!.height).toBeLessThanOrEqual(900 * 0.9 + 1);
    },
  );
});

test.describe('bonus dialog', () => {
  test.use({ bonus: true });

  test('opens 4 s after start, once per day, and its Deposit button targets the case35 deposit', async ({ page }) => {
    // The page's clock stands still from before the app starts: its 4 s timer fires only when run.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.goto('/faq');
    await expect(page.locator('#loading')).toHaveClass(/done/); // the app started (its overlay goes on a timer)
    const dialog = page.getByRole('dialog', { name: '35% BONUS to deposit' });
    await page.clock.runFor(3_900);
    await expect(dialog).toHaveCount(0);
    await page.clock.runFor(200);
    await expect(dialog).toBeVisible();
    await page.clock.resume(); // time flows again (React reveals the lazy content on a timer)
    await expect(dialog).toContainText('35% BONUS to deposit');
    await expect(dialog).toContainText('case35');
    await expect(dialog).toContainText('FREE BOX');
    await expect(dialog.getByTestId('bonus-countdown')).toHaveText(/^\d\d:\d\d:\d\d$/);
    const deposit = dialog.getByRole('link', { name: 'Deposit' });
    await expect(deposit).toHaveAttribute('href', '/?modal=deposit&promocode=case35');

    await deposit.click();
    await expect(page).toHaveURL(/\/\?modal=deposit&promocode=case35$/);
    await expect(page.getByRole('dialog')).toHaveAttribute('data-auth-tab', 'register'); // a guest is asked to register

    await page.goto('/faq'); // a new start without another dialog open
    await ready(page); // the clock runs again: wait for the overlay to go, the bonus timer is set by then
    await page.clock.runFor(60_000); // the same day: no second dialog however long the page stays
    await expect(page.getByRole('dialog', { name: '35% BONUS to deposit' })).toHaveCount(0);
  });
});
