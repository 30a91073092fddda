// Dice on PostgreSQL: POST /api/dice/bet from 200 funded players at once (one autocannon connection
// each, its own bearer token: one player's bets queue on their row, as they must), on a fresh
// database created for the run and dropped after. Reports bets/s, p50/p99 and the CPU per bet of the
// app process and of all PostgreSQL processes (read from /proc; other work on the machine shows too).
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

/** CPU time (user + system, ms) of the processes whose pid `pick` accepts. */
function cpuMs(pick: (pid: number, comm: string) => boolean): number {
  let ticks = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (!pick(Number(name), comm)) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
    } catch {
      // the process ended while we read
    }
  }
  return ticks * 10; // USER_HZ = 100
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

/** Runs the PostgreSQL dice benchmark and returns its figures. */
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
        let next = 0;
        const run = (duration: number) =>
          autocannon({
            url: `${app.url}/api/dice/bet`,
            method: 'POST',
            duration,
            connections: PLAYERS,
            body: JSON.stringify({ amount: 0.01, target: 50, direction: 'over' }),
            headers: { 'content-type': 'application/json' },
            setupClient: (client) =>
              client.setHeaders({ authorization: tokens[next++ % PLAYERS]!, 'content-type': 'application/json' }),
          });
        await run(2); // warm up: every player's first bet creates its seed pairs
        const appPid = app.child.pid!;
        const cpu = () => ({ app: cpuMs((pid) => pid === appPid), pg: cpuMs((_, comm) => comm === 'postgres') });
        const before = cpu();
        const r = await run(SECONDS);
        const after = cpu();
        const bets = r.requests.total;
        return {
          players: PLAYERS,
          dice_pg_bets_per_s: Math.round(r.requests.average),
          dice_pg_p50_ms: r.latency.p50,
          dice_pg_p99_ms: r.latency.p99,
          app_cpu_ms_per_bet: Number(((after.app - before.app) / bets).toFixed(3)),
          pg_cpu_ms_per_bet: Number(((after.pg - before.pg) / bets).toFixed(3)),
          errors: r.non2xx + r.errors,
        };
      },
      { DATABASE_URL: url, RATE_LIMIT_SCALE: '100000' },
    );
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}
