// The abuse suite's rig: the real server as a process on a fresh SQLite database (short HTTP
// timeouts, so that slow clients are cut within seconds), its secrets, a read handle on its
// database, the health prober (health-probe.mjs, a process of its own) and the server's file
// descriptors and peak memory read from /proc.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { openDatabase, type Database } from '../../src/server/db/database.ts';
import { createPlayer } from '../helpers/users.ts';
import { percentile, serve, type Served } from '../bench/helpers.ts';

export const HEADERS_TIMEOUT_MS = 2000;
export const REQUEST_TIMEOUT_MS = 4000;
export const TIMEOUT_CHECK_MS = 250;

/** The served app and what the attacks need to know about it. */
export interface Rig {
  served: Served;
  url: string; // http://127.0.0.1:port
  port: number;
  pid: number;
  config: Config; // the server's configuration (its secrets come from DATA_DIR/dev-secrets.json)
  database: Database; // a second handle on the server's SQLite file, for reading state
  pusher: { key: string; secret: string }; // the channel server's app key and secret
  player: { id: number; authorization: string };
  close(): Promise<void>;
}

/** Starts `src/server/main.ts` on a fresh DATA_DIR and adds a funded player. */
export async function startRig(): Promise<Rig> {
  const dataDir = mkdtempSync(join(tmpdir(), 'la-abuse-'));
  const served = await serve(['--import', 'tsx', 'src/server/main.ts'], {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error', // a 5xx would be logged as "request failed"
    HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    HTTP_TIMEOUT_CHECK_MS: String(TIMEOUT_CHECK_MS),
    SCRYPT_LOG_N: '10',
    // The crash game hashes its whole chain at first start (1,000,000 SHA-256 by default, seconds of
    // CPU here): the smallest chain keeps that one-off work out of the attacks' figures.
    CRASH_CHAIN_GAMES: '1000',
  });
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
  if (config.database.kind !== 'sqlite') throw new Error('the abuse suite runs on SQLite');
  const database = openDatabase(config.database);
  const p = await createPlayer(database.db, config.secrets.appSecret, { balanceCents: 100_000, name: 'Abuse' });
  const url = served.url.replace('localhost', '127.0.0.1');
  return {
    served,
    url,
    port: Number(new URL(url).port),
    pid: served.child.pid!,
    config,
    database,
    pusher: { key: config.secrets.pusherKey, secret: config.secrets.pusherSecret },
    player: { id: p.id, authorization: p.headers.authorization },
    close: async () => {
      await database.close();
      await served.stop();
    },
  };
}

/** Health latency figures of one attack. */
export interface HealthFigures {
  polls: number;
  failures: string[];
  p50: number; // ms
  p99: number; // ms
  max: number; // ms
}

/** Starts polling /api/health from another process; `stop` returns the figures. */
export async function startProbe(url: string, intervalMs = 25): Promise<{ stop(): Promise<HealthFigures> }> {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'health-probe.mjs'), url, String(intervalMs)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`health probe exited ${code}`)));
  });
  return {
    stop: async () => {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.stdin.end();
      await exited;
      const { latencies, failures } = JSON.parse(out.split('\n')[1]!) as { latencies: number[]; failures: string[] };
      const none = latencies.length === 0;
      return {
        polls: latencies.length + failures.length,
        failures,
        p50: none ? NaN : percentile(latencies, 50),
        p99: none ? NaN : percentile(latencies, 99),
        max: none ? NaN : Number(Math.max(...latencies).toFixed(3)),
      };
    },
  };
}

/** Polls health for `ms` with no attack: the figures this machine gives right now. */
export async function quietHealth(url: string, ms = 1000): Promise<HealthFigures> {
  const probe = await startProbe(url);
  await new Promise((r) => setTimeout(r, ms));
  return probe.stop();
}

/** Measures quiet health, then runs `attack` while the prober polls; returns the attack's result,
 * the health figures during it and the quiet ones just before. */
export async function underProbe<T>(
  url: string,
  attack: () => Promise<T>,
): Promise<{ result: T; health: HealthFigures; quiet: HealthFigures }> {
  const quiet = await quietHealth(url);
  const probe = await startProbe(url);
  try {
    return { result: await attack(), health: await probe.stop(), quiet };
  } catch (e) {
    await probe.stop();
    throw e;
  }
}

/** Repeats `round` until `ms` have passed (at least once): a short attack sustained long enough for
 * the prober to take a median. Returns every round's results. */
export async function sustained<T>(ms: number, round: () => Promise<T[]>): Promise<T[]> {
  const until = Date.now() + ms;
  const all: T[] = [];
  do all.push(...(await round()));
  while (Date.now() < until);
  return all;
}

/** One line of health figures for the summaries. */
export function healthLine(h: HealthFigures): string {
  return `health ${h.polls} polls, ${h.failures.length} failed, p50 ${h.p50} ms, p99 ${h.p99} ms, max ${h.max} ms`;
}

/** Open file descriptors of a process (its sockets among them). */
export function openFds(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}

/** Peak resident memory of a process so far, in MB (VmHWM). */
export function peakRssMb(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Math.round(Number(m![1]) / 1024);
}

/** Money state the attacks must not change: every balance, the ledger and the payments. */
export async function moneyState(db: Database['db']): Promise<string> {
  const users = await db.selectFrom('users').select(['id', 'balance_cents']).orderBy('id').execute();
  const ledger = await db
    .selectFrom('ledger')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const payments = await db.selectFrom('payments').select(['id', 'status']).orderBy('id').execute();
  return JSON.stringify({ users, ledger: Number(ledger.n), payments });
}
