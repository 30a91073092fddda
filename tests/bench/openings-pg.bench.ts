// Box openings on PostgreSQL: POST /api/boxes/penny-box/open ×1 and ×5 from 200 funded players at
// once (one autocannon connection each, its own bearer token), on a fresh database created for the
// run and dropped after (dice-pg.bench.ts's helpers). Reports openings/s, p50/p99 and the CPU per
// opening of the app process and of all PostgreSQL processes (read from /proc; other work on the
// machine shows too). Every opening of one box also updates that box's row (its openings counter),
// so the openings of all players queue on it: this measures the one popular box case.
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { withAppAndBare } from './helpers.ts';
import { ADMIN_URL, admin, cpuMs, fundedPlayers } from './dice-pg.bench.ts';

const PLAYERS = 200;
const SECONDS = 10;

/** Runs the PostgreSQL openings benchmark and returns its figures. */
export async function openingsPgBench(): Promise<Record<string, number | string>> {
  const name = `la_bench_${randomBytes(4).toString('hex')}`;
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  try {
    await admin(`create database ${name}`);
  } catch (e) {
    return { skipped: `no PostgreSQL to create a database on at ${ADMIN_URL} (${(e as Error).message})` };
  }
  try {
    return await withAppAndBare(
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
        const appPid = app.child.pid!;
        const cpu = () => ({ app: cpuMs((pid) => pid === appPid), pg: cpuMs((_, comm) => comm === 'postgres') });
        const figures: Record<string, number | string> = { players: PLAYERS };
        let errors = 0;
        for (const count of [1, 5]) {
          const before = cpu();
          const r = await run(count, SECONDS);
          const after = cpu();
          const n = r.requests.total;
          Object.assign(figures, {
            [`open_pg_x${count}_per_s`]: Math.round(r.requests.average),
            [`open_pg_x${count}_p50_ms`]: r.latency.p50,
            [`open_pg_x${count}_p99_ms`]: r.latency.p99,
            [`open_pg_x${count}_app_cpu_ms`]: Number(((after.app - before.app) / n).toFixed(3)),
            [`open_pg_x${count}_pg_cpu_ms`]: Number(((after.pg - before.pg) / n).toFixed(3)),
          });
          errors += r.non2xx + r.errors;
        }
        return { ...figures, errors };
      },
      { DATABASE_URL: url, RATE_LIMIT_SCALE: '100000' },
    );
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}
