// Battles (client): the battle scene's JS frame cost (clock step + 4 reels' update + render submit) in headless
// Chromium, on the page of a waiting 1v1v1v1 battle (the probe spins its 4 reels round after round).
import { fundedPlayer, sceneFrameCost, withAppAndBare } from './helpers.ts';

/** Runs the battles benchmark and returns its figures. */
export function battleSceneBench(): Promise<Record<string, number | string>> {
  return withAppAndBare(async ({ app, dataDir }) => {
    const authorization = await fundedPlayer(dataDir, 100_000_000);
    const res = await fetch(`${app.url}/api/battles/create`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ boxes: ['penny-box', 'penny-box', 'penny-box'], mode: '1v1v1v1' }),
    });
    const { data } = (await res.json()) as { data: { id: number } };
    const frames = await sceneFrameCost(`${app.url}/battles/${data.id}`, '__battle', 480);
    return {
      battle_renderer: frames.renderer,
      battle_frame_p50_ms: frames.p50,
      battle_frame_p95_ms: frames.p95,
    };
  });
}
