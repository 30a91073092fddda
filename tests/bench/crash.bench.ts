// Rocket: (1) fan-out — the app's crash loop ticking to 3,000 socket.io clients, then a bare
// socket.io server broadcasting the same payload at the same pace to 3,000 clients: the server
// process's CPU per delivered message and the p99 delivery latency (receive time − server_time),
// as ratios; (2) cash-outs — 500 players cashing out within one second of one round: all paid once
// (checked in the ledger), p99 latency.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { createPlayer, type TestPlayer } from '../helpers/users.ts';
import { percentile, serve, type Served } from './helpers.ts';

const CLIENTS = Number(process.env.BENCH_CRASH_CLIENTS ?? 3000);
const log = (msg: string) => process.stderr.write(`  … ${msg}\n`);
const WINDOW_MS = 10_000;
const MS_PER_CLOCK_TICK = 10; // /proc/<pid>/stat counts CPU time in USER_HZ (100 per second) on Linux

/** CPU time (ms) of a process so far. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * MS_PER_CLOCK_TICK; // utime + stime
}

/** Connects `n` clients to `url`/crash (in batches); each `game` message's latency is recorded. */
async function fanout(served: Served, n: number) {
  const latencies: number[] = [];
  let recording = false;
  const sockets: Socket[] = [];
  let cpu = 0;
  try {
    for (let i = 0; i < n; i += 200) {
      await Promise.all(
        Array.from({ length: Math.min(200, n - i) }, () => {
          const s = connect(`${served.url}/crash`, { transports: ['websocket'], reconnection: false });
          sockets.push(s);
          s.on('game', (e: { server_time: number; status: string }) => {
            if (recording && e.status === 'in_progress') latencies.push(Date.now() - e.server_time);
          });
          return new Promise<void>((resolve, reject) => {
            s.once('connect', () => resolve());
            s.once('connect_error', reject);
          });
        }),
      );
    }
    log(`${n} clients connected to ${served.url}`);
    await new Promise((r) => setTimeout(r, 1000)); // settle
    const cpu0 = cpuMs(served.child.pid!);
    recording = true;
    await new Promise((r) => setTimeout(r, WINDOW_MS));
    recording = false;
    cpu = cpuMs(served.child.pid!) - cpu0;
  } finally {
    for (const s of sockets) s.disconnect(); // after a failed connect too, or the server could not close
  }
  return {
    deliveries: latencies.length,
    cpuPct: (cpu / WINDOW_MS) * 100,
    cpuMsPer1000: latencies.length ? (cpu / latencies.length) * 1000 : NaN,
    p50: latencies.length ? percentile(latencies, 50) : NaN,
    p99: latencies.length ? percentile(latencies, 99) : NaN,
  };
}

const MAX_IN_FLIGHT = 64; // HTTP requests open at once: 500 bare fetches open 500 sockets at the same moment
let inFlight = 0;
const waiting: (() => void)[] = [];

/** One API call through the bounded pool; a network failure is status 0 (counted), not a throw. `ms` runs
 * from the call, so time spent waiting for a free slot counts as latency. */
async function api(url: string, path: string, init: RequestInit = {}) {
  const t = performance.now();
  if (inFlight >= MAX_IN_FLIGHT) await new Promise<void>((r) => waiting.push(r));
  inFlight++;
  try {
    const res = await fetch(`${url}${path}`, init);
    return { status: res.status, body: (await res.json()) as Record<string, unknown>, ms: performance.now() - t };
  } catch (e) {
    return { status: 0, body: { msg: String((e as Error).cause ?? (e as Error).message) }, ms: performance.now() - t };
  } finally {
    inFlight--;
    waiting.shift()?.();
  }
}

async function roundStatus(url: string): Promise<{ id: number; status: string } | null> {
  const res = await api(url, '/api/crash/current');
  return res.status === 200 ? (res.body.data as { round: { id: number; status: string } | null }).round : null;
}

async function until(url: string, want: (r: { id: number; status: string }) => boolean, ms = 120_000) {
  const end = Date.now() + ms;
  for (;;) {
    const r = await roundStatus(url);
    if (r && want(r)) return r;
    if (Date.now() > end) throw new Error('round did not reach the wanted state');
    await new Promise((res) => setTimeout(res, 20));
  }
}

/** 500 bets on one round, then 500 cash-outs spread over one second once it is in progress. */
async function cashouts(app: Served, dataDir: string) {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
  if (config.database.kind !== 'sqlite') throw new Error('benchmarks use SQLite');
  const database = openDatabase(config.database);
  try {
    const players: TestPlayer[] = [];
    for (let i = 0; i < 500; i++) {
      players.push(await createPlayer(database.db, config.secrets.appSecret, { balanceCents: 10_000, name: `B${i}` }));
    }
    log('500 players created');
    for (let attempt = 1; ; attempt++) {
      const before = await until(app.url, (r) => r.status !== 'starting'); // then a fresh betting window
      const starting = await until(app.url, (r) => r.id > before.id && r.status === 'starting');
      const headers = (p: TestPlayer) => ({ ...p.headers, 'content-type': 'application/json' });
      const bets = await Promise.all(
        players.map((p) =>
          api(app.url, '/api/crash/bet', { method: 'POST', headers: headers(p), body: JSON.stringify({ amount: 1 }) }),
        ),
      );
      const placed = bets.filter((b) => b.status === 200).length;
      const refused = bets.find((b) => b.status !== 200)?.body.msg;
      log(`${placed} bets placed on round ${starting.id}${refused ? ` (refused: ${String(refused)})` : ''}`);
      const playing = await until(
        app.url,
        (r) => r.id > starting.id || r.status === 'in_progress' || r.status === 'ended',
      );
      if (playing.id !== starting.id || playing.status !== 'in_progress') continue; // crashed at once: another round
      const t0 = performance.now();
      const results = await Promise.all(
        players.map(async (p, i) => {
          await new Promise((r) => setTimeout(r, (i * 1000) / players.length));
          return api(app.url, '/api/crash/close-bet', { method: 'POST', headers: p.headers });
        }),
      );
      const spreadMs = performance.now() - t0;
      const paid = results.filter((r) => r.status === 200);
      const rows = await database.db
        .selectFrom('crash_bets')
        .select(['id', 'status'])
        .where('round_id', '=', starting.id)
        .execute();
      const wins = await database.db
        .selectFrom('ledger')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.count<number>('reference').distinct().as('distinct')])
        .where('kind', '=', 'crash_win')
        .where(
          'reference',
          'in',
          rows.map((r) => `crash_bet:${r.id}`),
        )
        .executeTakeFirstOrThrow();
      const cashedOut = rows.filter((r) => r.status === 'cashed_out').length;
      if (paid.length < 450 && attempt < 5) continue; // the round crashed inside the second: take another one
      return {
        bets_placed: placed,
        cashouts_sent: results.length,
        cashouts_paid: paid.length,
        too_late: results.filter((r) => r.status === 422).length,
        network_errors: results.filter((r) => r.status === 0).length,
        first_network_error: String(results.find((r) => r.status === 0)?.body.msg ?? '-'),
        cashed_out_rows: cashedOut,
        win_ledger_rows: Number(wins.n),
        paid_once: Number(wins.n) === Number(wins.distinct) && Number(wins.n) === cashedOut ? 'yes' : 'NO',
        spread_ms: Math.round(spreadMs),
        cashout_p50_ms: percentile(
          results.map((r) => r.ms),
          50,
        ),
        cashout_p99_ms: percentile(
          results.map((r) => r.ms),
          99,
        ),
      };
    }
  } finally {
    await database.close();
  }
}

/** Runs both Rocket benchmarks and returns their figures. */
export async function crashBench(): Promise<Record<string, number | string>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'la-bench-crash-'));
  const env = {
    DATA_DIR: dataDir,
    CRASH_CHAIN_GAMES: '1000',
    CRASH_MAX_ROUND_PAYOUT: '1000000',
    WS_MAX_CONNECTIONS_PER_IP: '0', // every bench client comes from 127.0.0.1
    RATE_LIMIT_SCALE: '100000',
    // a server saturated by thousands of sockets reads requests late: do not cut them as slow clients
    HTTP_REQUEST_TIMEOUT_MS: '120000',
    HTTP_HEADERS_TIMEOUT_MS: '120000',
  };
  const figures: Record<string, number | string> = { clients: CLIENTS };
  /** Runs one phase; a failure is printed and reported, and the phases after it still run. */
  const phase = async <T>(name: string, run: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await run();
    } catch (e) {
      log(`${name} failed: ${String((e as Error).stack ?? e)}`);
      figures[`${name}_failed`] = String((e as Error).message);
      return undefined;
    }
  };
  const app = await serve(['--import', 'tsx', 'src/server/main.ts'], env);
  let appFan, bareFan;
  try {
    await until(app.url, (r) => r.status === 'in_progress' || r.status === 'starting');
    appFan = await phase('app_fanout', () => fanout(app, CLIENTS));
    Object.assign(figures, await phase('cashouts', () => cashouts(app, dataDir)));
  } finally {
    await app.stop();
  }
  const bare = await serve(['--import', 'tsx', 'tests/bench/bare-socketio.ts']);
  try {
    bareFan = await phase('bare_fanout', () => fanout(bare, CLIENTS));
  } finally {
    await bare.stop();
  }
  const fix = (v: number) => Number(v.toFixed(2));
  const fan = (prefix: string, f: Awaited<ReturnType<typeof fanout>>) => ({
    [`${prefix}_deliveries`]: f.deliveries,
    [`${prefix}_cpu_pct`]: fix(f.cpuPct),
    [`${prefix}_cpu_ms_per_1000`]: fix(f.cpuMsPer1000),
    [`${prefix}_p50_ms`]: f.p50,
    [`${prefix}_p99_ms`]: f.p99,
  });
  if (appFan) Object.assign(figures, fan('app', appFan));
  if (bareFan) Object.assign(figures, fan('bare', bareFan));
  if (appFan && bareFan) {
    figures.cpu_per_delivery_ratio = fix(appFan.cpuMsPer1000 / bareFan.cpuMsPer1000);
    figures.p99_ratio = fix(appFan.p99 / bareFan.p99);
  }
  return figures;
}
