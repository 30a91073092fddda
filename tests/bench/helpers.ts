// Bench helpers: start processes on free ports, and drive HTTP load with autocannon.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { chromium, type Page } from 'playwright-core';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { createPlayer } from '../helpers/users.ts';

/** A process serving HTTP, and its base URL. */
export interface Served {
  url: string;
  child: ChildProcess;
  output: string; // what it printed until it was ready
  stop(): Promise<void>;
}

/** Spawns `args` with node; waits until it prints "running at URL" or "listening URL". */
export async function serve(args: string[], env: Record<string, string> = {}): Promise<Served> {
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'la-bench-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /(?:running at|listening) (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
  return {
    url,
    child,
    output: out,
    stop: () =>
      new Promise((r) => {
        child.once('exit', () => r());
        child.kill('SIGTERM');
      }),
  };
}

/** The app on a fresh SQLite database, the bare Fastify baseline and the bare authenticated
 * transaction (bare-auth-tx.ts: the floor of a bet), all serving. */
export interface AppAndBare {
  app: Served;
  bare: Served;
  authTx: Served & { authorization: string }; // POST /bet with this header
  dataDir: string; // the app's DATA_DIR (its SQLite file), for fundedPlayer
}

/** App settings of the bet benches: a short crash chain, so the 1,000,000 hashes the crash game
 * generates at a first start do not burn CPU during the measured seconds (and in CPU per bet). */
export const BET_BENCH_ENV = { CRASH_CHAIN_GAMES: '1000' };

/** Starts the app and the bare routes, runs `body`, and stops them whatever happens. */
export async function withAppAndBare<T>(
  body: (s: AppAndBare) => Promise<T>,
  env: Record<string, string> = {},
): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), 'la-bench-app-'));
  const app = await serve(['--import', 'tsx', 'src/server/main.ts'], { DATA_DIR: dataDir, ...env });
  const bare = await serve(['--import', 'tsx', 'tests/bench/bare-fastify.ts']);
  const floor = await serve(['--import', 'tsx', 'tests/bench/bare-auth-tx.ts']);
  const authTx = { ...floor, authorization: `Bearer ${/^token (\S+)$/m.exec(floor.output)![1]}` };
  try {
    return await body({ app, bare, authTx, dataDir });
  } finally {
    await Promise.all([app.stop(), bare.stop(), floor.stop()]);
  }
}

/** Loads the bare authenticated transaction like a bet of `amount` dollars, with its CPU per request. */
export function loadAuthTx(authTx: AppAndBare['authTx'], opts: { seconds?: number; connections?: number } = {}) {
  return load(`${authTx.url}/bet`, {
    method: 'POST',
    body: JSON.stringify({ amount: 0.01 }),
    headers: { authorization: authTx.authorization, 'content-type': 'application/json' },
    cpuOf: authTx,
    ...opts,
  });
}

/** CPU time (user + system) a process has used so far, in ms, from /proc/<pid>/stat. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // fields from the 3rd on
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS; // utime, stime
}
const CLOCK_TICKS = 100; // USER_HZ of Linux (getconf CLK_TCK)

/** Load figures of one autocannon run. */
export interface Load {
  rps: number; // mean requests per second
  p50: number; // ms
  p99: number; // ms
  errors: number; // non-2xx plus socket errors
  cpuMsPerReq: number; // CPU ms of the `cpuOf` server per request (NaN when not asked)
}

/** Runs autocannon against `url` for `seconds` with `connections` concurrent connections. */
export async function load(
  url: string,
  opts: {
    seconds?: number;
    connections?: number;
    method?: 'GET' | 'POST';
    body?: string;
    headers?: Record<string, string>;
    cpuOf?: Served; // measure this server's CPU over the run
  } = {},
): Promise<Load> {
  const pid = opts.cpuOf?.child.pid;
  const cpuBefore = pid ? cpuMs(pid) : NaN;
  const r = await autocannon({
    url,
    duration: opts.seconds ?? 5,
    connections: opts.connections ?? 20,
    method: opts.method ?? 'GET',
    body: opts.body,
    headers: opts.headers,
  });
  const cpuMsPerReq = pid ? Number(((cpuMs(pid) - cpuBefore) / Math.max(1, r.requests.total)).toFixed(4)) : NaN;
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.non2xx + r.errors,
    cpuMsPerReq,
  };
}

/** A player with `balanceCents` in the SQLite database of a served DATA_DIR; returns its Authorization header. */
export async function fundedPlayer(dataDir: string, balanceCents: number): Promise<string> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
  if (config.database.kind !== 'sqlite') throw new Error('benchmarks use SQLite');
  const database = openDatabase(config.database);
  try {
    return (await createPlayer(database.db, config.secrets.appSecret, { balanceCents, name: 'Bench' })).headers
      .authorization;
  } finally {
    await database.close();
  }
}

/** The p-th percentile of `values`, to 3 decimals. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(3));
}

/** JS frame cost of a game scene in headless Chromium: opens `url`, waits for the page's debug
 * hook `window[hook]` (with frameCosts(n) and renderer) and samples `frames` frames after a warm-up. */
export async function sceneFrameCost(
  url: string,
  hook: string,
  frames: number,
  prepare: (page: Page) => Promise<void> = async () => {},
): Promise<{ p50: number; p95: number; renderer: string }> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  // without a browser the run still prints its server figures
  if (!existsSync(executablePath)) return { p50: NaN, p95: NaN, renderer: `no browser at ${executablePath}` };
  const browser = await chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript('globalThis.__name = f => f; localStorage.setItem("la.muted", "1")');
    await page.goto(url);
    // Functions, not strings: the site's CSP forbids eval, and Playwright evals a string predicate in the page.
    type Hook = { frameCosts(n: number): Promise<number[]>; renderer: string };
    await page.waitForFunction((h) => Boolean((window as unknown as Record<string, unknown>)[h]), hook, {
      timeout: 60_000,
    });
    await prepare(page);
    await page.evaluate(([h, n]) => (window as unknown as Record<string, Hook>)[h]!.frameCosts(n), [
      hook,
      Math.ceil(frames / 5),
    ] as const); // warm up
    const costs = await page.evaluate(([h, n]) => (window as unknown as Record<string, Hook>)[h]!.frameCosts(n), [
      hook,
      frames,
    ] as const);
    return {
      p50: percentile(costs, 50),
      p95: percentile(costs, 95),
      renderer: await page.evaluate((h) => (window as unknown as Record<string, Hook>)[h]!.renderer, hook),
    };
  } finally {
    await browser.close();
  }
}
