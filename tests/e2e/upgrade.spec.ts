// Upgrade end to end: a player with items and balance (written into the e2e server's database,
// seed pair fixed to a server seed of this test's own, drawn so that nonce 1 wins and nonce 2
// loses, its outcome computed by the shared upgrade roll) upgrades an item, sees the needle
// land on the server's roll and the new inventory; then a losing upgrade with a balance stake,
// a seed reveal and the verify page recomputing it. A guest sees the log-in prompt.
import type { Page } from '@playwright/test';
import { applyMove } from '../../src/server/modules/wallet/ledger.ts';
import { ensurePairs } from '../../src/server/modules/fair/fair.repository.ts';
import { sha256Hex, upgradeRoll } from '../../src/shared/fair/index.ts';
import type { TestRandom } from './random.ts';
import { expect, test } from './fixtures.ts';
import { e2eDatabase } from './players.ts';

test.describe.configure({ timeout: 120_000 }); // software WebGL on a loaded machine

type W = Window & {
  __upgrade?: { renderer: string; view(): { needle: number; win: boolean | null; done: boolean } | null };
};

/** Funds the player and fixes the active pair to `serverSeed`, client seed "abc", next nonce 1. */
async function prepare(userId: number, balanceCents: number, serverSeed: string): Promise<void> {
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
      .set({ server_seed: serverSeed, server_seed_hash: sha256Hex(serverSeed), client_seed: 'abc', nonce: 1 })
      .where('user_id', '=', userId)
      .where('slot', '=', 'active')
      .execute();
  } finally {
    await database.close();
  }
}

/**
 * A server seed of this test's own (two players never share one: a seed and nonce settle one
 * upgrade) whose nonce 1 rolls under `win` % and nonce 2 at or over `lose` %, with both rolls.
 */
function seedFor(random: TestRandom, win: number, lose: number): { seed: string; rolls: [number, number] } {
  for (;;) {
    const seed = Array.from({ length: 64 }, () => '0123456789abcdef'[random.int(0, 15)]).join('');
    const rolls: [number, number] = [1, 2].map((nonce) =>
      upgradeRoll({ serverSeed: seed, clientSeed: 'abc', nonce }),
    ) as [number, number];
    if (rolls[0] < win && rolls[1] >= lose) return { seed, rolls };
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
  async ({ page, signIn, random }) => {
    const { userId } = await signIn({ items: ['aero-runner-volt', 'dad-cap-navy'] });
    const { seed, rolls } = seedFor(random, 17.97, 20.1);
    await prepare(userId, 1_000, seed);
    await page.goto('/upgrade');
    await expect(page.getByTestId('upgrade-stage')).toHaveAttribute('data-renderer', 'webgl');
    await expect(page.getByTestId('upgrade-item')).toHaveCount(2);

    // $189 runner → $999 phone: 17.97%; nonce 1 rolls under it → win
    await pick(page, ['Aero Runner'], 'Nova Phone 15 "Graphite"');
    await expect(page.getByTestId('upgrade-chance')).toHaveText('17.97%');
    await page.getByTestId('upgrade-button').click();
    await expect(page.getByTestId('upgrade-stage')).toHaveAttribute('data-phase', 'ended', { timeout: 30_000 });
    await expect(page.getByTestId('upgrade-result')).toContainText(
      `Rolled ${rolls[0].toFixed(2)} against 17.97% — upgraded to Nova Phone 15 "Graphite" ($999.00)!`,
    );
    expect(await page.evaluate(() => (window as W).__upgrade!.view())).toMatchObject({
      needle: rolls[0],
      win: true,
      done: true,
    });
    const items = page.getByTestId('upgrade-item');
    await expect(items).toHaveCount(2);
    await expect(items.filter({ hasText: 'Nova Phone 15' })).toHaveCount(1);
    await expect(items.filter({ hasText: 'Aero Runner' })).toHaveCount(0);
    await expect(page.getByTestId('upgrade-row').first().getByTestId('upgrade-row-roll')).toHaveText(
      rolls[0].toFixed(2),
    );

    // $35 cap + $5 balance → $189 runner: floor(4000 × 9500 / 18900) = 20.10%; nonce 2 rolls over it → lose
    await pick(page, ['Dad Cap'], 'Aero Runner "Volt"');
    await page.getByRole('textbox', { name: /Add balance/ }).fill('5');
    await expect(page.getByTestId('upgrade-chance')).toHaveText('20.10%');
    await page.getByTestId('upgrade-button').click();
    await expect(page.getByTestId('upgrade-result')).toContainText(
      `Rolled ${rolls[1].toFixed(2)} against 20.10% — the stake is gone.`,
      {
        timeout: 30_000,
      },
    );
    await expect(page.getByTestId('balance')).toHaveText('$5.00');
    await expect(page.getByTestId('upgrade-item')).toHaveCount(1); // only the phone is left
    await expect(page.getByTestId('upgrade-row')).toHaveCount(2);

    await page.getByRole('button', { name: 'Reveal server seed (rotate pair)' }).click();
    const link = page.getByTestId('upgrade-row').first().getByRole('link', { name: 'Verify' });
    await expect(link).toHaveAttribute('href', new RegExp(`server_seed=${seed}`));
    await link.click();
    await expect(page).toHaveURL(/\/upgrade\/provably-fair\?/);
    await expect(page.getByTestId('commitment')).toHaveText(
      'The server seed matches the hash shown before the upgrade.',
    );
    expect(JSON.parse((await page.getByTestId('fair-result').textContent())!)).toEqual({
      game: 'upgrade',
      roll: rolls[1],
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
