// Cluster bench helpers: a fresh PostgreSQL database (created, then dropped), `npm run cluster`
// (scripts/cluster.mjs) started on it with its own secrets, funded players written straight into
// that database, and CPU time per process read from /proc (utime + stime) to split a run's cost
// between the instances, nginx, PostgreSQL's backends and the load generator.
import { spawn, execSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/server/db/database.ts';
import { createPlayer } from '../helpers/users.ts';
import { createPgDatabase, runSecrets } from '../helpers/run-resources.ts';

/** A running cluster: nginx's URL, each instance's port and pid, nginx's master pid, and the secrets. */
export interface Cluster {
  url: string;
  ports: number[];
  pids: number[];
  nginxPid: number;
  dbName: string;
  dbUrl: string;
  secrets: ReturnType<typeof runSecrets>;
}

/** Creates a fresh database, starts `instances` instances behind nginx on it, runs `body`, then
 * drains the cluster and drops the database whatever happens. */
export async function withCluster<T>(
  instances: number,
  body: (c: Cluster) => Promise<T>,
  env: Record<string, string> = {},
): Promise<T> {
  const baseUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const secrets = runSecrets(); // its PUSHER_APP_KEY: its own Redis topic, no other run's events
  const database = await createPgDatabase(baseUrl, 'la_bench');
  const { name: dbName, url: dbUrl } = database;
  let child: ChildProcess | undefined;
  try {
    child = spawn(process.execPath, ['scripts/cluster.mjs', '--instances', String(instances), '--port', '0'], {
      env: {
        ...process.env,
        ...secrets,
        DATABASE_URL: dbUrl,
        REDIS_URL: redisUrl,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'la-bench-cluster-')),
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const started = child;
    const info = await new Promise<Omit<Cluster, 'dbName' | 'dbUrl' | 'secrets'>>((resolve, reject) => {
      let out = '';
      started.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const line = out.split('\n').find((l) => l.startsWith('{"url"'));
        if (line) resolve(JSON.parse(line) as Omit<Cluster, 'dbName' | 'dbUrl' | 'secrets'>);
      });
      started.on('exit', (code) => reject(new Error(`cluster exited ${code}: ${out}`)));
    });
    return await body({ ...info, dbName, dbUrl, secrets });
  } finally {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await database.drop();
  }
}

/** `n` players with `balanceCents` each in the cluster's database; their Authorization headers. */
export async function fundedPlayersPg(c: Cluster, n: number, balanceCents: number): Promise<string[]> {
  const database = openDatabase({ kind: 'postgres', url: c.dbUrl });
  try {
    const out: string[] = [];
    for (let i = 0; i < n; i++) {
      const p = await createPlayer(database.db, c.secrets.APP_SECRET, { balanceCents, name: `Bench ${i}` });
      out.push(p.headers.authorization);
    }
    return out;
  } finally {
    await database.close();
  }
}

const ticksPerSecond = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;

/** The fields of /proc/<pid>/stat after the command name, or null when the process is gone. */
function statFields(pid: number): string[] | null {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return s.slice(s.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** CPU milliseconds (user + system) a process has used so far; 0 when it is gone. */
function cpuMs(pid: number): number {
  const f = statFields(pid);
  // after the name: state(3) ppid(4) … utime(14) stime(15) → indexes 11 and 12
  return f ? ((Number(f[11]) + Number(f[12])) * 1000) / ticksPerSecond : 0;
}

function allPids(): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number);
}

/** nginx's worker processes (the children of its master). */
export function nginxWorkers(masterPid: number): number[] {
  return allPids().filter((p) => Number(statFields(p)?.[1]) === masterPid);
}

/** PostgreSQL backends serving database `dbName` (their title reads "postgres: … user db addr state"). */
export function pgBackends(dbName: string): number[] {
  return allPids().filter((p) => {
    try {
      const cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8');
      return cmd.startsWith('postgres: ') && cmd.includes(` ${dbName} `);
    } catch {
      return false;
    }
  });
}

/** Groups of processes to measure, by label; `pids` is asked again at the end (backends come and go). */
export type CpuGroups = Record<string, () => number[]>;

/** Starts a CPU measurement of every group and of this process (the load generator); `stop()` gives
 * the CPU milliseconds each used in between. A process that appeared in between counts whole; one
 * that exited in between is lost (PostgreSQL backends of a warmed pool stay). */
export function cpuMeter(groups: CpuGroups): { stop(): Record<string, number> } {
  const before = new Map<number, number>();
  for (const pids of Object.values(groups)) for (const p of pids()) before.set(p, cpuMs(p));
  const self = process.cpuUsage();
  return {
    stop() {
      const used: Record<string, number> = {};
      for (const [label, pids] of Object.entries(groups)) {
        used[label] = pids().reduce((sum, p) => sum + Math.max(0, cpuMs(p) - (before.get(p) ?? 0)), 0);
      }
      const s = process.cpuUsage(self);
      used.loadgen = (s.user + s.system) / 1000;
      return used;
    },
  };
}
