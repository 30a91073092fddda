// Dice: POST /api/dice/bet (HTTP + fairness + ledger transaction) at concurrency 50 beside the bare
// Fastify route, and the dice scene's JS frame cost (clock step + update + render submit) in
// headless Chromium.
import { fundedPlayer, load, sceneFrameCost, withAppAndBare } from './helpers.ts';

/** Runs the dice benchmark and returns its figures. */
export function diceBench(): Promise<Record<string, number | string>> {
  return withAppAndBare(async ({ app, bare, dataDir }) => {
    const authorization = await fundedPlayer(dataDir, 100_000_000);
    const bet = {
      method: 'POST' as const,
      connections: 50,
      body: JSON.stringify({ amount: 0.01, target: 50, direction: 'over' }),
      headers: { authorization, 'content-type': 'application/json' },
    };
    await load(`${app.url}/api/dice/bet`, { ...bet, seconds: 1 }); // warm up
    await load(`${bare.url}/bare`, { seconds: 1, connections: 50 });
    const dice = await load(`${app.url}/api/dice/bet`, bet);
    const baseline = await load(`${bare.url}/bare`, { connections: 50 });
    const frames = await sceneFrameCost(`${app.url}/dice`, '__dice', 600);
    return {
      dice_bets_per_s: dice.rps,
      dice_p50_ms: dice.p50,
      dice_p99_ms: dice.p99,
      bare_rps: baseline.rps,
      bare_p99_ms: baseline.p99,
      ratio: Number((dice.rps / baseline.rps).toFixed(3)),
      errors: dice.errors + baseline.errors,
      scene_renderer: frames.renderer,
      scene_frame_p50_ms: frames.p50,
      scene_frame_p95_ms: frames.p95,
    };
  });
}
