// Upgrade end to end: a player with items and balance (written into the e2e server's database,
// seed pair fixed to the golden seeds so the outcome is known) upgrades an item, sees the needle
// land on the server's roll and the new inventory; then a losing upgrade with a balance stake,
// a seed reveal and the verify page recomputing it. A guest sees the log-in prompt.
import type { Page } from '@playwright/test';
import { applyMove } from '../../src/server/modules/wallet/ledger.ts';
import { ensurePairs } from '../../src/server/modules/fair/fair.repository.ts';
import { sha256Hex } from '../../src/shared/fair/index.ts';
import { expect, test } from './fixtures.ts';
import { e2eDatabase } from './players.ts';

test.describe.configure({ timeout: 120_000 }); // software WebGL on a loaded machine

type W = Window & {
  __upgrade?: { renderer: string; view(): { needle: number; win: boolean | null; done: boolean } | null };
};

/** Funds the player and fixes the active pair to server seed "a" × 64, client seed "abc", next nonce 1. */
async function prepare(userId: number, balanceCents: number): Promise<void> {
  const { database } = e2eDatabase();
  try {
    const now = Date.now();
    await applyMove(database.db, {
      userId,
      deltaCents: balanceCents,
      kind: 'admin',
      reference: 'e2e',
      idempotencyKey: `e2e-upgrade:${userId}`,
      now,
    });
    await ensurePairs(database.db, userId, now);
    await database.db
      .updateTable('fair_seeds')
      .set({ server_seed: 'a'.repeat(64), server_seed_hash: sha256Hex('a'.repeat(64)), client_seed: 'abc', nonce: 1 })
      .where('user_id', '=', userId)
      .where('slot', '=', 'active')
      .execute();
  } finally {
    await database.close();
  }
}

async function pick(page: Page, stake: string[], target: string): Promise<void> {
  for (const name of stake) await page.getByTestId('upgrade-item').filter({ hasText: name }).first().click();
  await page.getByRole('textbox', { name: 'Search targets' }).fill(target);
  await page.getByTestId('upgrade-target').filter({ hasText: target }).first().click();
}

test(
  'a player upgrades an item: the needle lands on the roll, the prize joins the inventory; a loss, a reveal and verify',
  { tag: '@desktop' },
  async ({ page, signIn }) => {
    const { userId } = await signIn({ items: ['aero-runner-volt', 'dad-cap-navy'] });
    await prepare(userId, 1_000);
    await page.goto('/upgrade');
    await expect(page.getByTestId('upgrade-stage')).toHaveAttribute('data-renderer', 'webgl');
    await expect(page.getByTestId('upgrade-item')).toHaveCount(2);

    // $189 runner → $999 phone: 17.97%; nonce 1 rolls 16.44 → win
    await pick(page, ['Aero Runner'], 'Nova Phone 15 "Graphite"');
    await expect(page.getByTestId('upgrade-chance')).toHaveText('17.97%');
    await page.getByTestId('upgrade-button').click();
    await expect(page.getByTestId('upgrade-stage')).toHaveAttribute('data-phase', 'settled', { timeout: 30_000 });
    await expect(page.getByTestId('upgrade-result')).toContainText(
      'Rolled 16.44 against 17.97% — upgraded to Nova Phone 15 "Graphite" ($999.00)!',
    );
    expect(await page.evaluate(() => (window as W).__upgrade!.view())).toMatchObject({
      needle: 16.440096078440547,
      win: true,
      done: true,
    });
    const items = page.getByTestId('upgrade-item');
    await expect(items).toHaveCount(2);
    await expect(items.filter({ hasText: 'Nova Phone 15' })).toHaveCount(1);
    await expect(items.filter({ hasText: 'Aero Runner' })).toHaveCount(0);
    await expect(page.getByTestId('upgrade-row').first().getByTestId('upgrade-row-roll')).toHaveText('16.44');

    // $35 cap + $5 balance → $189 runner: floor(4000 × 9500 / 18900) = 20.10%; nonce 2 rolls 54.60 → lose
    await pick(page, ['Dad Cap'], 'Aero Runner "Volt"');
    await page.getByRole('textbox', { name: /Add balance/ }).fill('5');
    await expect(page.getByTestId('upgrade-chance')).toHaveText('20.10%');
    await page.getByTestId('upgrade-button').click();
    await expect(page.getByTestId('upgrade-result')).toContainText('Rolled 54.60 against 20.10% — the stake is gone.', {
      timeout: 30_000,
    });
    await expect(page.getByTestId('balance')).toHaveText('$5.00');
    await expect(page.getByTestId('upgrade-item')).toHaveCount(1); // only the phone is left
    await expect(page.getByTestId('upgrade-row')).toHaveCount(2);

    await page.getByRole('button', { name: 'Reveal server seed (rotate pair)' }).click();
    const link = page.getByTestId('upgrade-row').first().getByRole('link', { name: 'Verify' });
    await expect(link).toHaveAttribute('href', /server_seed=a{64}/);
    await link.click();
    await expect(page).toHaveURL(/\/upgrade\/provably-fair\?/);
    await expect(page.getByTestId('commitment')).toHaveText(
      'The server seed matches the hash shown before the upgrade.',
    );
    expect(JSON.parse((await page.getByTestId('fair-result').textContent())!)).toEqual({
      game: 'upgrade',
      roll: 54.59779207594693,
      win: false,
    });
  },
);

test('a guest sees the ring and a prompt to log in', async ({ page }) => {
  await page.goto('/upgrade');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Upgrade');
  await expect(page.getByText('Log in to upgrade your items into better ones.')).toBeVisible();
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveAttribute('data-auth-tab', 'login');
});
