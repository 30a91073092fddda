// Box openings on PostgreSQL: POST /api/boxes/penny-box/open ×1 and ×5 from 200 funded players at
// once (one autocannon connection each, its own bearer token), on a fresh database created for the
// run and dropped after (pg-bench.ts). Reports openings/s, p50/p99 and the CPU per opening of the app
// process and of the PostgreSQL processes that serve it (read from /proc; other work on the machine
// still slows it). Every opening of one box also updates that box's row (its openings counter), so
// the openings of all players queue on it: this measures the one popular box case.
import autocannon from 'autocannon';
import { withAppAndBare } from './helpers.ts';
import { cpuMeter, fundedPlayers, withBenchDatabase } from './pg-bench.ts';

const PLAYERS = 200;
const SECONDS = 10;

/** Runs the PostgreSQL openings benchmark and returns its figures. */
export function openingsPgBench(): Promise<Record<string, number | string>> {
  return withBenchDatabase((url, name) =>
    withAppAndBare(
      async ({ app, dataDir }) => {
        const tokens = await fundedPlayers(dataDir, url, PLAYERS);
        const run = (count: number, duration: number) => {
          let next = 0;
          return autocannon({
            url: `${app.url}/api/boxes/penny-box/open`,
            method: 'POST',
            duration,
            connections: PLAYERS,
            body: JSON.stringify({ count }),
            headers: { 'content-type': 'application/json' },
            setupClient: (client) =>
              client.setHeaders({ authorization: tokens[next++ % PLAYERS]!, 'content-type': 'application/json' }),
          });
        };
        await run(1, 2); // warm up: every player's first opening creates its seed pairs
        const cpu = cpuMeter(app.child.pid!, name);
        const figures: Record<string, number | string> = { players: PLAYERS };
        for (const count of [1, 5]) {
          const before = cpu.sample();
          const r = await run(count, SECONDS);
          const spent = cpu.spent(before, cpu.sample());
          const n = r.requests.total;
          Object.assign(figures, {
            [`open_pg_x${count}_per_s`]: Math.round(r.requests.average),
            [`open_pg_x${count}_p50_ms`]: r.latency.p50,
            [`open_pg_x${count}_p99_ms`]: r.latency.p99,
            [`open_pg_x${count}_app_cpu_ms`]: Number((spent.app / n).toFixed(3)),
            [`open_pg_x${count}_pg_cpu_ms`]: Number((spent.pg / n).toFixed(3)),
            [`open_pg_x${count}_errors`]: r.non2xx + r.errors,
          });
        }
        return figures;
      },
      { DATABASE_URL: url, RATE_LIMIT_SCALE: '100000' },
    ),
  );
}
