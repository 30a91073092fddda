// Plinko: the trajectory computation per ball (matter-js, the code the page runs), POST
// /api/plinko/bet at concurrency 50 beside POST /api/dice/bet and the bare authenticated transaction
// (the floor of a bet) in the same run, with the server CPU per bet, and the board's JS
// frame cost with 100 balls in flight beside the same board with none, in headless Chromium.
import { pathBits, plinkoOutcome } from '../../src/shared/games/plinko/plinko.outcome.ts';
import { dropTrajectory } from '../../src/shared/games/plinko/plinko.script.ts';
import {
  fundedPlayer,
  load,
  loadAuthTx,
  percentile,
  sceneFrameCost,
  withAppAndBare,
  BET_BENCH_ENV,
} from './helpers.ts';

/** ms per trajectory over `n` drops spread over every row count. */
function trajectoryCosts(n: number): number[] {
  const costs: number[] = [];
  for (let i = 0; i < n; i++) {
    const rows = 8 + (i % 9);
    const { path } = plinkoOutcome({ serverSeed: 'bench', clientSeed: 'bench', nonce: i }, rows, 'medium');
    const bits = pathBits(path);
    const t0 = performance.now();
    dropTrajectory(rows, bits, (i * 0.618) % 1);
    costs.push(performance.now() - t0);
  }
  return costs;
}

/** Runs the plinko benchmark and returns its figures. */
export function plinkoBench(): Promise<Record<string, number | string>> {
  return withAppAndBare(async ({ app, authTx, dataDir }) => {
    trajectoryCosts(200); // warm up (JIT, one cached world per row count)
    const trajectory = trajectoryCosts(2000);
    const authorization = await fundedPlayer(dataDir, 100_000_000);
    const headers = { authorization, 'content-type': 'application/json' };
    const plinkoBet = {
      method: 'POST' as const,
      connections: 50,
      body: JSON.stringify({ amount: 0.01, rows: 16, risk: 'medium' }),
      headers,
    };
    const diceBet = { ...plinkoBet, body: JSON.stringify({ amount: 0.01, target: 50, direction: 'over' }) };
    await load(`${app.url}/api/plinko/bet`, { ...plinkoBet, seconds: 1 }); // warm up
    await load(`${app.url}/api/dice/bet`, { ...diceBet, seconds: 1 });
    await loadAuthTx(authTx, { seconds: 1, connections: 50 });
    const plinko = await load(`${app.url}/api/plinko/bet`, { ...plinkoBet, cpuOf: app });
    const dice = await load(`${app.url}/api/dice/bet`, { ...diceBet, cpuOf: app });
    const floor = await loadAuthTx(authTx, { connections: 50 });
    const busy = await sceneFrameCost(`${app.url}/bounce`, '__plinko', 600);
    const idle = await sceneFrameCost(`${app.url}/bounce`, '__plinkoIdle', 600);
    return {
      trajectory_p50_ms: percentile(trajectory, 50),
      trajectory_p99_ms: percentile(trajectory, 99),
      plinko_bets_per_s: plinko.rps,
      plinko_p50_ms: plinko.p50,
      plinko_p99_ms: plinko.p99,
      plinko_cpu_ms_per_bet: plinko.cpuMsPerReq,
      dice_bets_per_s: dice.rps,
      dice_p99_ms: dice.p99,
      dice_cpu_ms_per_bet: dice.cpuMsPerReq,
      auth_tx_rps: floor.rps,
      auth_tx_p99_ms: floor.p99,
      plinko_ratio_to_auth_tx: Number((plinko.rps / floor.rps).toFixed(3)),
      errors: plinko.errors + dice.errors + floor.errors,
      scene_renderer: busy.renderer,
      scene_100_balls_p95_ms: busy.p95,
      scene_no_balls_p95_ms: idle.p95,
    };
  }, BET_BENCH_ENV);
}
