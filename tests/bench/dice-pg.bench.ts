// Dice, then plinko, on PostgreSQL: POST /api/dice/bet and POST /api/plinko/bet from 200 funded
// players at once (one autocannon connection each, its own bearer token: one player's bets queue on
// their row, as they must), on a fresh database created for the run and dropped after. Reports per
// game bets/s, p50/p99 and the CPU per bet of the app process and of the PostgreSQL processes that
// serve it (read from /proc; other work on the machine still slows it).
// BENCH_PG_URL names the server (any database on it); without a reachable server it reports a skip.
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { createPlayer } from '../helpers/users.ts';
import { withAppAndBare } from './helpers.ts';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PLAYERS = 200;
const SECONDS = 10;

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** CPU time so far (user + system, ms) of every process whose `pick` accepts its comm and command line. */
function cpuByPid(pick: (pid: number, comm: string, cmdline: string) => boolean): Map<number, number> {
  const ms = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (!pick(Number(name), comm, cmdline)) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ms.set(Number(name), (Number(fields[11]) + Number(fields[12])) * 10); // utime, stime in USER_HZ = 100
    } catch {
      // the process ended while we read
    }
  }
  return ms;
}

/** CPU used between two samples by the processes present in both (one that ended took its time along:
 * summing whole snapshots instead could even go negative). */
function cpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, t] of after) if (before.has(pid)) ms += t - before.get(pid)!;
  return ms;
}

/** `players` players with $1,000,000 each in the served app's database; their Authorization headers. */
async function fundedPlayers(dataDir: string, url: string, players: number): Promise<string[]> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: url });
  const database = openDatabase({ kind: 'postgres', url });
  try {
    const headers: string[] = [];
    for (let i = 0; i < players; i++) {
      const p = await createPlayer(database.db, config.secrets.appSecret, { balanceCents: 100_000_000, name: 'Bench' });
      headers.push(p.headers.authorization);
    }
    return headers;
  } finally {
    await database.close();
  }
}

/** Runs the PostgreSQL dice and plinko benchmark and returns its figures. */
export async function dicePgBench(): Promise<Record<string, number | string>> {
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
        const appPid = app.child.pid!;
        // PostgreSQL's share: the backends of the bench database and the server's own processes (WAL
        // writer, checkpointer…), not the backends other clients of the same server run meanwhile
        const backend = / \d+\.\d+\.\d+\.\d+\(\d+\)| \[local\]/;
        const ours = (cmdline: string) => !backend.test(cmdline) || cmdline.includes(` ${name} `);
        const cpu = () => ({
          app: cpuByPid((pid) => pid === appPid),
          pg: cpuByPid((_, comm, cmdline) => comm === 'postgres' && ours(cmdline)),
        });
        /** `seconds` of POSTs of `body` to `path`, one connection and token per player. */
        const run = (path: string, body: object, duration: number) => {
          let next = 0;
          return autocannon({
            url: `${app.url}${path}`,
            method: 'POST',
            duration,
            connections: PLAYERS,
            body: JSON.stringify(body),
            headers: { 'content-type': 'application/json' },
            setupClient: (client) =>
              client.setHeaders({ authorization: tokens[next++ % PLAYERS]!, 'content-type': 'application/json' }),
          });
        };
        /** The figures of one game's bets (after a warm-up whose first bets create every seed pair). */
        const measure = async (game: string, path: string, body: object) => {
          await run(path, body, 2);
          const before = cpu();
          const r = await run(path, body, SECONDS);
          const after = cpu();
          const bets = r.requests.total;
          return {
            [`${game}_pg_bets_per_s`]: Math.round(r.requests.average),
            [`${game}_pg_p50_ms`]: r.latency.p50,
            [`${game}_pg_p99_ms`]: r.latency.p99,
            [`${game}_app_cpu_ms_per_bet`]: Number((cpuSpent(before.app, after.app) / bets).toFixed(3)),
            [`${game}_pg_cpu_ms_per_bet`]: Number((cpuSpent(before.pg, after.pg) / bets).toFixed(3)),
            [`${game}_errors`]: r.non2xx + r.errors,
          };
        };
        const dice = await measure('dice', '/api/dice/bet', { amount: 0.01, target: 50, direction: 'over' });
        // the same players drop plinko balls on the largest board (16 rows: two HMAC rounds per drop)
        const plinko = await measure('plinko', '/api/plinko/bet', { amount: 0.01, rows: 16, risk: 'medium' });
        return { players: PLAYERS, ...dice, ...plinko };
      },
      { DATABASE_URL: url, RATE_LIMIT_SCALE: '100000' },
    );
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}
