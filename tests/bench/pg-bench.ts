// Helpers of the benchmarks that run the app on PostgreSQL (openings-pg.bench.ts): a fresh database
// on BENCH_PG_URL's server, funded players with their own tokens, and the CPU of the app and of the
// PostgreSQL processes that serve the bench database (read from /proc). The same as dice-pg.bench.ts's
// own copies, which can import these instead.
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import pg from 'pg';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { createPlayer } from '../helpers/users.ts';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Runs `body` with the URL of a database created for it and dropped after; a skip figure when no
 * PostgreSQL server is reachable.
 */
export async function withBenchDatabase(
  body: (url: string, name: string) => Promise<Record<string, number | string>>,
): Promise<Record<string, number | string>> {
  const name = `la_bench_${randomBytes(4).toString('hex')}`;
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  try {
    await admin(`create database ${name}`);
  } catch (e) {
    return { skipped: `no PostgreSQL to create a database on at ${ADMIN_URL} (${(e as Error).message})` };
  }
  try {
    return await body(url, name);
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
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

/**
 * A CPU meter of the app process `appPid` and of PostgreSQL's share: the backends of database
 * `dbName` and the server's own processes (WAL writer, checkpointer…), not the backends other
 * clients of the same server run meanwhile. `sample()` then `spent(a, b)` in ms.
 */
export function cpuMeter(appPid: number, dbName: string) {
  const backend = / \d+\.\d+\.\d+\.\d+\(\d+\)| \[local\]/;
  const ours = (cmdline: string) => !backend.test(cmdline) || cmdline.includes(` ${dbName} `);
  type Sample = { app: Map<number, number>; pg: Map<number, number> };
  return {
    sample: (): Sample => ({
      app: cpuByPid((pid) => pid === appPid),
      pg: cpuByPid((_, comm, cmdline) => comm === 'postgres' && ours(cmdline)),
    }),
    spent: (a: Sample, b: Sample) => ({ app: cpuSpent(a.app, b.app), pg: cpuSpent(a.pg, b.pg) }),
  };
}

/** `players` players with $1,000,000 each in the served app's database; their Authorization headers. */
export async function fundedPlayers(dataDir: string, url: string, players: number): Promise<string[]> {
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
