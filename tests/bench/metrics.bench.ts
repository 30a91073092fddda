// The cost of the Prometheus metrics on the hot path (issue 28): POST /api/dice/bet at concurrency 50
// on two apps, one with METRICS=on (the default) and one with METRICS=off, measured in turns (on, off,
// off, on, on, off: 5 s each) so the machine's drift spreads over both; bets/s and CPU ms per bet.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BET_BENCH_ENV, fundedPlayer, load, serve, type Load } from './helpers.ts';

/** Runs the metrics-cost benchmark and returns its figures. */
export async function metricsBench(): Promise<Record<string, number | string>> {
  const start = async (metrics: 'on' | 'off') => {
    const dataDir = mkdtempSync(join(tmpdir(), `la-bench-metrics-${metrics}-`));
    const app = await serve(['--import', 'tsx', 'src/server/main.ts'], {
      ...BET_BENCH_ENV,
      DATA_DIR: dataDir,
      METRICS: metrics,
    });
    return { app, authorization: await fundedPlayer(dataDir, 100_000_000) };
  };
  const on = await start('on');
  const off = await start('off');
  try {
    const run = (s: typeof on, seconds = 5) =>
      load(`${s.app.url}/api/dice/bet`, {
        method: 'POST',
        connections: 50,
        seconds,
        body: JSON.stringify({ amount: 0.01, target: 50, direction: 'over' }),
        headers: { authorization: s.authorization, 'content-type': 'application/json' },
        cpuOf: s.app,
      });
    await run(on, 2); // warm up both
    await run(off, 2);
    const runs: Record<'on' | 'off', Load[]> = { on: [], off: [] };
    for (const which of ['on', 'off', 'off', 'on', 'on', 'off'] as const)
      runs[which].push(await run(which === 'on' ? on : off));
    const mean = (xs: Load[], f: (l: Load) => number) => xs.reduce((a, l) => a + f(l), 0) / xs.length;
    const rpsOn = mean(runs.on, (l) => l.rps);
    const rpsOff = mean(runs.off, (l) => l.rps);
    const cpuOn = mean(runs.on, (l) => l.cpuMsPerReq);
    const cpuOff = mean(runs.off, (l) => l.cpuMsPerReq);
    const metricsText = await (await fetch(`${on.app.url}/metrics`)).text();
    return {
      dice_bets_per_s_metrics_on: Math.round(rpsOn),
      dice_bets_per_s_metrics_off: Math.round(rpsOff),
      throughput_cost_pct: Number((((rpsOff - rpsOn) / rpsOff) * 100).toFixed(1)),
      cpu_ms_per_bet_on: Number(cpuOn.toFixed(3)),
      cpu_ms_per_bet_off: Number(cpuOff.toFixed(3)),
      cpu_cost_pct: Number((((cpuOn - cpuOff) / cpuOff) * 100).toFixed(1)),
      p99_ms_on: Number(mean(runs.on, (l) => l.p99).toFixed(1)),
      p99_ms_off: Number(mean(runs.off, (l) => l.p99).toFixed(1)),
      metrics_exposition_bytes: metricsText.length,
      errors: [...runs.on, ...runs.off].reduce((a, l) => a + l.errors, 0),
    };
  } finally {
    await Promise.all([on.app.stop(), off.app.stop()]);
  }
}
