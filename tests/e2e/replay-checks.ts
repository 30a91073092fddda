// The replay page's slip checked against the bet's replay from the API (replay.spec, replay-rows.spec).
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { formatDollars } from '../../src/client/lib/format.ts';
import type { Replay } from '../../src/shared/api/replay.ts';

/** Expects the open replay page's slip (player, stake, payout, multiplier, game, verify link) to show `replay`. */
export async function expectSlip(page: Page, replay: Replay): Promise<void> {
  const slip = page.getByTestId('bet-slip');
  await expect(slip.getByTestId('slip-player')).toHaveText(replay.player?.name ?? 'Hidden');
  await expect(slip.getByTestId('slip-stake')).toHaveText(formatDollars(replay.stake));
  await expect(slip.getByTestId('slip-payout')).toHaveText(formatDollars(replay.payout));
  await expect(slip.getByTestId('slip-multiplier')).toHaveText(
    replay.multiplier === null ? '—' : `×${replay.multiplier.toFixed(2)}`,
  );
  await expect(slip.getByTestId('slip-game')).toContainText(replay.title);
  if (replay.fair.verify_link)
    await expect(page.getByTestId('replay-verify')).toHaveAttribute('href', replay.fair.verify_link);
  else await expect(page.getByTestId('replay-sealed')).toBeVisible();
}
