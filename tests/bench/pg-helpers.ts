// PostgreSQL bench helpers: a fresh database per run (created, then dropped with its connections)
// on the server BENCH_PG_URL names (any database on it), and the CPU time of its PostgreSQL
// processes read from /proc.
import { readdirSync, readFileSync } from 'node:fs';
import { createPgDatabase } from '../helpers/run-resources.ts';
import { cpuMs } from './helpers.ts';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs `body` with the URL of a fresh database and drops it after; without a reachable server,
 * returns why instead (a bench reports it as a skip). */
export async function withFreshPgDatabase<T>(
  body: (url: string, name: string) => Promise<T>,
): Promise<T | { skipped: string }> {
  let fresh;
  try {
    fresh = await createPgDatabase(ADMIN_URL, 'la_bench');
  } catch (e) {
    return { skipped: `no PostgreSQL to create a database on at ${ADMIN_URL} (${(e as Error).message})` };
  }
  try {
    return await body(fresh.url, fresh.name);
  } finally {
    await fresh.drop();
  }
}

/** The PostgreSQL processes working for database `dbName`: its backends (their title reads
 * "postgres: … user db address state") and autovacuum workers, and the server's own processes
 * (postmaster, WAL writer, checkpointer, background writer: shared with any other database's work),
 * but not the backends of other databases (other runs on the same server). */
function postgresPids(dbName: string): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/comm`, 'utf8').trim() !== 'postgres') continue;
      const title = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const backend = /\(\d+\)|\[local\]|autovacuum worker|parallel worker/.test(title);
      if (!backend || title.includes(` ${dbName} `) || title.trimEnd().endsWith(` ${dbName}`)) pids.push(Number(name));
    } catch {
      // the process ended while we read
    }
  }
  return pids;
}

/** Starts measuring the CPU time (user + system) of database `dbName`'s PostgreSQL processes; the
 * returned function gives the ms they used since. Per process, so one that exits in between is
 * lost rather than subtracted (a pool's backends stay while it is busy). */
export function postgresCpu(dbName: string): () => () => number {
  const read = (pid: number) => {
    try {
      return cpuMs(pid);
    } catch {
      return NaN; // gone
    }
  };
  return () => {
    const before = new Map(postgresPids(dbName).map((pid) => [pid, read(pid)]));
    return () =>
      postgresPids(dbName).reduce((ms, pid) => {
        const used = read(pid) - (before.get(pid) ?? 0);
        return Number.isNaN(used) ? ms : ms + Math.max(0, used);
      }, 0);
  };
}
