// The cost of the Prometheus metrics on the hot path (issue 28): POST /api/dice/bet at concurrency 50
// on two apps, one with METRICS=on (the default) and one with METRICS=off, measured in 8 alternating
// turns of 4 s each (on, off, off, on, …) so the machine's drift spreads over both; the medians of
// bets/s and of CPU ms per bet (the steadier figure on a shared machine).
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
    const run = (s: typeof on, seconds = 4) =>
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
    for (let turn = 0; turn < 16; turn++) {
      const which = turn % 4 === 0 || turn % 4 === 3 ? 'on' : 'off'; // on, off, off, on, …
      runs[which].push(await run(which === 'on' ? on : off));
    }
    const median = (xs: Load[], f: (l: Load) => number) => {
      const v = xs.map(f).sort((a, b) => a - b);
      return (v[(v.length - 1) >> 1]! + v[v.length >> 1]!) / 2;
    };
    const rpsOn = median(runs.on, (l) => l.rps);
    const rpsOff = median(runs.off, (l) => l.rps);
    const cpuOn = median(runs.on, (l) => l.cpuMsPerReq);
    const cpuOff = median(runs.off, (l) => l.cpuMsPerReq);
    const metricsText = await (await fetch(`${on.app.url}/metrics`)).text();
    return {
      dice_bets_per_s_metrics_on: Math.round(rpsOn),
      dice_bets_per_s_metrics_off: Math.round(rpsOff),
      throughput_cost_pct: Number((((rpsOff - rpsOn) / rpsOff) * 100).toFixed(1)),
      cpu_ms_per_bet_on: Number(cpuOn.toFixed(3)),
      cpu_ms_per_bet_off: Number(cpuOff.toFixed(3)),
      cpu_cost_pct: Number((((cpuOn - cpuOff) / cpuOff) * 100).toFixed(1)),
      p99_ms_on: Number(median(runs.on, (l) => l.p99).toFixed(1)),
      p99_ms_off: Number(median(runs.off, (l) => l.p99).toFixed(1)),
      metrics_exposition_bytes: metricsText.length,
      errors: [...runs.on, ...runs.off].reduce((a, l) => a + l.errors, 0),
    };
  } finally {
    await Promise.all([on.app.stop(), off.app.stop()]);
  }
}
