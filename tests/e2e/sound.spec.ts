// Sound on every game page (issue 26 item 10): no AudioContext is made before the player's first
// gesture (so Chrome never warns "The AudioContext was not allowed to start"), the in-game Mute sits
// beside the controls, and it is the one persisted sound flag; after the first gesture audio runs.
import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';

type W = Window & { Howler?: { ctx?: AudioContext | null } };

/** Each game page and the stage that tells its scene is up. */
const PAGES = [
  { path: '/dice', stage: 'dice-stage' },
  { path: '/upgrade', stage: 'upgrade-stage' },
  { path: '/rocket', stage: 'crash-stage' },
  { path: '/wheel', stage: 'wheel-stage' },
  { path: '/bounce', stage: 'plinko-stage' },
  { path: '/boxes/penny-box', stage: 'reel-stage' },
];

/** howler's AudioContext state, or null when none was made (howler sets window.Howler when loaded). */
const audioState = (page: Page) => page.evaluate(() => (window as W).Howler?.ctx?.state ?? null);
const storedMute = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('sound') ?? '{}') as { state?: { muted?: boolean } }).state?.muted,
  );

// Audio and the flag do not depend on the layout: one viewport. The Mute's place in each game's HUD on a
// phone (kit control, inside the screen, a 44 px target) is hud-kit.spec's, clear of the bottom bar phone-fit's.
for (const { path, stage } of PAGES)
  test(`${path}: no AudioContext before a gesture; the Mute beside the controls is the one sound flag @desktop`, async ({
    page,
    signIn,
  }) => {
    await signIn({ balanceCents: 10_000 });
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.text().includes('AudioContext')) warnings.push(m.text());
    });
    await page.goto(path);
    await expect(page.getByTestId(stage)).toHaveAttribute('data-renderer', 'webgl');
    expect(await audioState(page)).toBeNull(); // nothing touched audio yet
    expect(warnings).toEqual([]);

    const mute = page.locator('label.hud-toggle', { hasText: /^Mute$/ });
    await expect(mute).toHaveCount(1);
    await expect(mute).toBeVisible();
    const box = mute.getByRole('checkbox', { name: 'Mute' });
    await expect(box).not.toBeChecked();
    await mute.click(); // the first gesture: audio may start now
    await expect(box).toBeChecked();
    await expect.poll(() => storedMute(page)).toBe(true); // the one persisted store
    await expect.poll(() => audioState(page)).toBe('running');
    await mute.click();
    await expect(box).not.toBeChecked();
    await expect.poll(() => storedMute(page)).toBe(false);
    expect(warnings).toEqual([]);
  });

test('the game Mute and the header sounds toggle are one flag @desktop', async ({ page }) => {
  await page.goto('/bounce');
  await expect(page.getByTestId('plinko-stage')).toHaveAttribute('data-renderer', 'webgl');
  const header = page.getByRole('banner').getByRole('button', { name: /(Mute|Unmute) sounds/ });
  await expect(header).toHaveAttribute('aria-pressed', 'false');
  await page.locator('label.hud-toggle', { hasText: /^Mute$/ }).click();
  await expect(header).toHaveAttribute('aria-pressed', 'true');
  await header.click();
  await expect(page.getByRole('checkbox', { name: 'Mute' })).not.toBeChecked();
});
