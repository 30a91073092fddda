// The replay of a bet from the API once settled, and the replay page's slip checked against it (replay.spec, replay-rows.spec).
import type { APIRequestContext, Page } from '@playwright/test';
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

/** The replay the API gives once the bet has settled (a round or battle settles on the server's pace). */
export async function settledReplay(request: APIRequestContext, game: string, id: number): Promise<Replay> {
  let replay: Replay | null = null;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/bets/${game}/${id}`);
        if (res.status() === 200) replay = ((await res.json()) as { data: Replay }).data;
        return res.status();
      },
      { timeout: 60_000 },
    )
    .toBe(200);
  return replay!;
}
