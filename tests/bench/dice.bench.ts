// Dice: POST /api/dice/bet (HTTP + fairness + ledger transaction) at concurrency 50 beside the bare
// Fastify route and the bare authenticated transaction (the floor of a bet), with the server's CPU
// per bet, and the dice scene's JS frame cost (clock step + update + render submit) in headless
// Chromium.
import { fundedPlayer, load, loadAuthTx, sceneFrameCost, withAppAndBare, BET_BENCH_ENV } from './helpers.ts';

/** Runs the dice benchmark and returns its figures. */
export function diceBench(): Promise<Record<string, number | string>> {
  return withAppAndBare(async ({ app, bare, authTx, dataDir }) => {
    const authorization = await fundedPlayer(dataDir, 100_000_000);
    const bet = {
      method: 'POST' as const,
      connections: 50,
      body: JSON.stringify({ amount: 0.01, target: 50, direction: 'over' }),
      headers: { authorization, 'content-type': 'application/json' },
    };
    await load(`${app.url}/api/dice/bet`, { ...bet, seconds: 1 }); // warm up
    await load(`${bare.url}/bare`, { seconds: 1, connections: 50 });
    await loadAuthTx(authTx, { seconds: 1, connections: 50 });
    const dice = await load(`${app.url}/api/dice/bet`, { ...bet, cpuOf: app });
    const baseline = await load(`${bare.url}/bare`, { connections: 50 });
    const floor = await loadAuthTx(authTx, { connections: 50 });
    const frames = await sceneFrameCost(`${app.url}/dice`, '__dice', 600);
    return {
      dice_bets_per_s: dice.rps,
      dice_p50_ms: dice.p50,
      dice_p99_ms: dice.p99,
      dice_cpu_ms_per_bet: dice.cpuMsPerReq,
      bare_rps: baseline.rps,
      bare_p99_ms: baseline.p99,
      auth_tx_rps: floor.rps,
      auth_tx_p99_ms: floor.p99,
      auth_tx_cpu_ms_per_req: floor.cpuMsPerReq,
      ratio: Number((dice.rps / baseline.rps).toFixed(3)),
      ratio_to_auth_tx: Number((dice.rps / floor.rps).toFixed(3)),
      errors: dice.errors + baseline.errors + floor.errors,
      scene_renderer: frames.renderer,
      scene_frame_p50_ms: frames.p50,
      scene_frame_p95_ms: frames.p95,
    };
  }, BET_BENCH_ENV);
}
