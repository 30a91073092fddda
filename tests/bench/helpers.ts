// Bench helpers: start processes on free ports, and drive HTTP load with autocannon.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { chromium, type Browser, type Page } from 'playwright-core';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase, type DB } from '../../src/server/db/database.ts';
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

/** The app (on a fresh SQLite database, or on DATABASE_URL when `env` names a PostgreSQL one), the
 * bare Fastify baseline and the bare authenticated transaction on the same kind of database
 * (bare-auth-tx.ts or bare-auth-tx-pg.ts: the floor of a bet), all serving. */
export interface AppAndBare {
  app: Served;
  bare: Served;
  authTx: Served & { authorization: string; authorizations: string[] }; // POST /bet with these headers
  dataDir: string; // the app's DATA_DIR (its SQLite file and secrets), for fundedPlayers
}

/** App settings of the bet benches: a short crash chain, so the 1,000,000 hashes the crash game
 * generates at a first start do not burn CPU during the measured seconds (and in CPU per bet). */
export const BET_BENCH_ENV = { CRASH_CHAIN_GAMES: '1000' };

/** Starts the app and the bare routes, runs `body`, and stops them whatever happens. The floor
 * gets `floorPlayers` players, one token each (to load it one connection per player). */
export async function withAppAndBare<T>(
  body: (s: AppAndBare) => Promise<T>,
  env: Record<string, string> = {},
  floorPlayers = 1,
): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), 'la-bench-app-'));
  // BENCH_APP_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the app under the load
  const appNodeArgs = process.env.BENCH_APP_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const app = await serve([...appNodeArgs, '--import', 'tsx', 'src/server/main.ts'], { DATA_DIR: dataDir, ...env });
  const bare = await serve(['--import', 'tsx', 'tests/bench/bare-fastify.ts']);
  const onPg = /^postgres/.test(env.DATABASE_URL ?? '');
  const floor = await serve(['--import', 'tsx', `tests/bench/bare-auth-tx${onPg ? '-pg' : ''}.ts`], {
    FLOOR_PLAYERS: String(floorPlayers),
    ...(onPg ? { DATABASE_URL: env.DATABASE_URL! } : {}),
  });
  const authorizations = [...floor.output.matchAll(/^token (\S+)$/gm)].map((m) => `Bearer ${m[1]}`);
  const authTx = { ...floor, authorization: authorizations[0]!, authorizations };
  try {
    return await body({ app, bare, authTx, dataDir });
  } finally {
    await Promise.all([app.stop(), bare.stop(), floor.stop()]);
  }
}

/** Loads the bare authenticated transaction like a bet of 1 cent, with its CPU per request; with
 * `perPlayer`, each connection as its own floor player. */
export function loadAuthTx(
  authTx: AppAndBare['authTx'],
  opts: { seconds?: number; connections?: number; perPlayer?: boolean; otherCpu?: () => () => number } = {},
) {
  const { perPlayer, ...rest } = opts;
  return load(`${authTx.url}/bet`, {
    method: 'POST',
    body: JSON.stringify({ amount: 0.01 }),
    headers: { authorization: authTx.authorization, 'content-type': 'application/json' },
    authorizations: perPlayer ? authTx.authorizations : undefined,
    cpuOf: authTx,
    ...rest,
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
  otherCpuMsPerReq: number; // CPU ms the `otherCpu` meter read per request (NaN when not asked)
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
    authorizations?: string[]; // connection i sends authorizations[i % length]: one player per connection
    nextBody?: (connection: number) => string; // a fresh body for each request of a connection
    cpuOf?: Served; // measure this server's CPU over the run
    otherCpu?: () => () => number; // and this CPU meter (started, then read in ms), e.g. the database server's
  } = {},
): Promise<Load> {
  const pid = opts.cpuOf?.child.pid;
  const cpuBefore = pid ? cpuMs(pid) : NaN;
  const otherUsed = opts.otherCpu?.();
  const { authorizations, nextBody } = opts;
  let connection = 0;
  const setUpClient = (client: autocannon.Client, i: number) => {
    const headers = authorizations
      ? { ...opts.headers, authorization: authorizations[i % authorizations.length]! }
      : opts.headers;
    if (!nextBody) return client.setHeaders(headers);
    client.setHeadersAndBody(headers, nextBody(i));
    // 'response' fires before the connection sends its next request: that one carries a new body
    client.on('response', () => client.setBody(nextBody(i)));
  };
  const r = await autocannon({
    url,
    duration: opts.seconds ?? 5,
    connections: opts.connections ?? 20,
    method: opts.method ?? 'GET',
    body: opts.body,
    headers: opts.headers,
    setupClient: authorizations || nextBody ? (client) => setUpClient(client, connection++) : undefined,
  });
  const answered = r.requests.total;
  const perReq = (ms: number) => (answered ? Number((ms / answered).toFixed(4)) : NaN);
  const latency = (ms: number) => (r['2xx'] ? ms : NaN); // autocannon says 0 without a 2xx answer
  return {
    rps: Math.round(r.requests.average),
    p50: latency(r.latency.p50),
    p99: latency(r.latency.p99),
    errors: r.non2xx + r.errors,
    cpuMsPerReq: pid ? perReq(cpuMs(pid) - cpuBefore) : NaN,
    otherCpuMsPerReq: otherUsed ? perReq(otherUsed()) : NaN,
  };
}

/** Opens the database of a served app (its DATA_DIR's SQLite file, or `databaseUrl`) with the app's
 * secret, runs `body`, and closes it. */
export async function withAppDatabase<T>(
  dataDir: string,
  body: (db: DB, appSecret: string) => Promise<T>,
  databaseUrl?: string,
): Promise<T> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = openDatabase(config.database);
  try {
    return await body(database.db, config.secrets.appSecret);
  } finally {
    await database.close();
  }
}

/** `n` players with `balanceCents` each in a served app's database: their ids and Authorization headers. */
export function fundedPlayers(
  dataDir: string,
  n: number,
  balanceCents: number,
  databaseUrl?: string,
): Promise<{ id: number; authorization: string }[]> {
  return withAppDatabase(
    dataDir,
    async (db, secret) => {
      const players = [];
      for (let i = 0; i < n; i++) {
        const p = await createPlayer(db, secret, { balanceCents, name: `Bench ${i}` });
        players.push({ id: p.id, authorization: p.headers.authorization });
      }
      return players;
    },
    databaseUrl,
  );
}

/** One player with `balanceCents` in the SQLite database of a served DATA_DIR; returns its Authorization header. */
export async function fundedPlayer(dataDir: string, balanceCents: number): Promise<string> {
  return (await fundedPlayers(dataDir, 1, balanceCents))[0]!.authorization;
}

/** The p-th percentile of `values`, to 3 decimals. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(3));
}

/** Headless Chromium as the scene benches run it (software WebGL), or null when there is none. */
export async function launchBenchBrowser(): Promise<Browser | null> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) return null;
  return chromium.launch({
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
}

/** A page of `browser` at the scene benches' viewport, sound muted, on `url` with `window[hook]` installed. */
export async function openScenePage(browser: Browser, url: string, hook: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript('globalThis.__name = f => f; localStorage.setItem("la.muted", "1")');
  await page.goto(url);
  // Functions, not strings: the site's CSP forbids eval, and Playwright evals a string predicate in the page.
  await page
    .waitForFunction((h) => Boolean((window as unknown as Record<string, unknown>)[h]), hook, { timeout: 120_000 })
    .catch((err: Error) => {
      throw new Error(`${url}: no window.${hook} within 120 s (${err.message})`);
    });
  return page;
}

/** `frames` frame costs (ms) of `window[hook].frameCosts(frames, load)` after a warm-up of a fifth as
 * many (`load`: what the probe keeps animating, 0 for a scene at rest; undefined: the probe's default). */
export async function sampleFrameCosts(page: Page, hook: string, frames: number, load?: number): Promise<number[]> {
  type Hook = { frameCosts(n: number, load?: number): Promise<number[]> };
  const run = (n: number) =>
    page.evaluate(([h, f, l]) => (window as unknown as Record<string, Hook>)[h]!.frameCosts(f, l ?? undefined), [
      hook,
      n,
      load ?? null,
    ] as const);
  await run(Math.ceil(frames / 5)); // warm up
  return run(frames);
}

/** JS frame cost of a game scene in headless Chromium: opens `url`, waits for the page's debug
 * hook `window[hook]` (with frameCosts(n) and renderer) and samples `frames` frames after a warm-up. */
export async function sceneFrameCost(
  url: string,
  hook: string,
  frames: number,
  prepare: (page: Page) => Promise<void> = async () => {},
): Promise<{ p50: number; p95: number; renderer: string }> {
  const browser = await launchBenchBrowser();
  // without a browser the run still prints its server figures
  if (!browser) return { p50: NaN, p95: NaN, renderer: 'no browser (CHROMIUM_PATH)' };
  try {
    const page = await openScenePage(browser, url, hook);
    await prepare(page);
    const costs = await sampleFrameCosts(page, hook, frames);
    return {
      p50: percentile(costs, 50),
      p95: percentile(costs, 95),
      renderer: await page.evaluate(
        (h) => (window as unknown as Record<string, { renderer: string }>)[h]!.renderer,
        hook,
      ),
    };
  } finally {
    await browser.close();
  }
}
