// Box openings: POST /api/boxes/{slug}/open ×1 and ×5 (HTTP + fair rolls + one ledger/inventory/
// drops transaction + publishes) at concurrency 50 beside the bare Fastify route and the bare
// authenticated transaction (the floor of a bet), with the server's CPU per opening, and the reel
// scene's JS frame cost with 5 reels in headless Chromium.
import { fundedPlayer, load, loadAuthTx, sceneFrameCost, withAppAndBare, BET_BENCH_ENV } from './helpers.ts';

/** Runs the openings benchmark and returns its figures. */
export function openingsBench(): Promise<Record<string, number | string>> {
  return withAppAndBare(async ({ app, bare, authTx, dataDir }) => {
    const authorization = await fundedPlayer(dataDir, 2_000_000_000);
    const req = (count: number) => ({
      method: 'POST' as const,
      connections: 50,
      body: JSON.stringify({ count }),
      headers: { authorization, 'content-type': 'application/json' },
    });
    const url = `${app.url}/api/boxes/penny-box/open`;
    await load(url, { ...req(1), seconds: 1 }); // warm up
    await load(`${bare.url}/bare`, { seconds: 1, connections: 50 });
    await loadAuthTx(authTx, { seconds: 1, connections: 50 });
    const one = await load(url, { ...req(1), cpuOf: app });
    const five = await load(url, { ...req(5), cpuOf: app });
    const baseline = await load(`${bare.url}/bare`, { connections: 50 });
    const floor = await loadAuthTx(authTx, { connections: 50 });
    const frames = await sceneFrameCost(`${app.url}/boxes/penny-box`, '__boxes', 480);
    return {
      open_x1_per_s: one.rps,
      open_x1_p50_ms: one.p50,
      open_x1_p99_ms: one.p99,
      open_x1_cpu_ms: one.cpuMsPerReq,
      open_x5_per_s: five.rps,
      open_x5_p99_ms: five.p99,
      open_x5_cpu_ms: five.cpuMsPerReq,
      bare_rps: baseline.rps,
      auth_tx_rps: floor.rps,
      auth_tx_p99_ms: floor.p99,
      auth_tx_cpu_ms_per_req: floor.cpuMsPerReq,
      ratio_x1: Number((one.rps / baseline.rps).toFixed(4)),
      ratio_x5: Number((five.rps / baseline.rps).toFixed(4)),
      ratio_x1_to_auth_tx: Number((one.rps / floor.rps).toFixed(3)),
      errors: one.errors + five.errors + baseline.errors + floor.errors,
      reel_renderer: frames.renderer,
      reel_frame_p50_ms: frames.p50,
      reel_frame_p95_ms: frames.p95,
    };
  }, BET_BENCH_ENV);
}
