// `npm run soak [-- --minutes N --players N --topology sqlite|cluster|both]` (issue #18; not in CI):
// 200 concurrent bettors (players.ts) for 10 minutes against one instance on SQLite, then against
// the cluster (`npm run cluster`'s scripts/cluster.mjs: 2 instances on PostgreSQL + Redis behind
// nginx). Every minute: requests, p50/p99 latency and each instance's RSS. At the end: the money
// invariants (invariants.ts) must hold with zero drift, and each instance's RSS must stay flat within
// 10 % after the warm-up (the first minute, or the first fifth of a shorter run): the median of the
// last third of its samples against the median of the first third.
// Exits 1 on any violation. Env: SOAK_MINUTES, SOAK_PLAYERS, TEST_PG_URL / DATABASE_URL (the admin
// URL a fresh database is created beside), TEST_REDIS_URL / REDIS_URL.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type DatabaseTarget } from '../../src/server/db/database.ts';
import { createPlayer } from '../helpers/users.ts';
import { checkInvariants } from './invariants.ts';
import { freePort, Instance, instanceEnv, privateRedisUrl } from './instances.ts';
import { createPgDatabase, runSecrets } from '../helpers/run-resources.ts';
import { Players, type DriverPlayer } from './players.ts';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
}

const minutes = Number(arg('minutes', process.env.SOAK_MINUTES ?? '10'));
const playerCount = Number(arg('players', process.env.SOAK_PLAYERS ?? '200'));
const topology = arg('topology', 'both');
const pgAdmin = process.env.TEST_PG_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What a soak runs against. */
interface Target {
  label: string;
  url: string; // where the players go
  database: DatabaseTarget;
  rss(): (number | null)[]; // MB per instance
  stop(): Promise<void>;
}

/** RSS in MB of a process id (Linux /proc). */
function rssOf(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

async function sqliteTarget(env: Record<string, string>): Promise<Target> {
  const dataDir = mkdtempSync(join(tmpdir(), 'la-soak-'));
  const instance = new Instance('s1', await freePort(), instanceEnv({ ...env, DATA_DIR: dataDir }));
  await instance.start();
  return {
    label: 'sqlite, 1 instance',
    url: instance.url,
    database: { kind: 'sqlite', file: join(dataDir, 'loot-arcade.db') },
    rss: () => [instance.rssMb()],
    stop: async () => {
      await instance.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** scripts/cluster.mjs on a fresh PostgreSQL database: 2 instances behind nginx. */
async function clusterTarget(env: Record<string, string>): Promise<Target> {
  const pgDb = await createPgDatabase(pgAdmin, 'la_soak');
  const dataDir = mkdtempSync(join(tmpdir(), 'la-soak-pg-'));
  const child = spawn(process.execPath, ['scripts/cluster.mjs', '--instances', '2', '--port', '0'], {
    env: {
      ...process.env,
      ...instanceEnv({ ...env, DATA_DIR: dataDir, DATABASE_URL: pgDb.url, REDIS_URL: privateRedisUrl(redisUrl) }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const info = await new Promise<{ url: string; pids: number[] }>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{"url"'));
      if (line) resolve(JSON.parse(line) as { url: string; pids: number[] });
    });
    child.on('exit', (code) => reject(new Error(`cluster exited ${code}: ${out}`)));
  });
  return {
    label: 'postgres + redis, 2 instances behind nginx',
    url: info.url,
    database: { kind: 'postgres', url: pgDb.url },
    rss: () => info.pids.map(rssOf),
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.on('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
      await pgDb.drop();
    },
  };
}

const median = (list: number[]) =>
  pct(
    [...list].sort((a, b) => a - b),
    50,
  );
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** One soak; returns its problems (drift, memory growth, 5xx). */
async function soak(make: (env: Record<string, string>) => Promise<Target>): Promise<string[]> {
  const secrets = runSecrets();
  const target = await make({ ...secrets, CRASH_MAX_ROUND_PAYOUT: '5000' });
  const problems: string[] = [];
  const database = openDatabase(target.database);
  try {
    const players: DriverPlayer[] = [];
    for (let i = 0; i < playerCount; i++) {
      const p = await createPlayer(database.db, secrets.APP_SECRET!, { balanceCents: 1_000_000, name: `Soak ${i}` });
      players.push({ id: p.id, authorization: p.headers.authorization });
    }
    const driver = new Players(players, () => target.url, { thinkMs: [50, 250] });
    const durationMs = minutes * 60_000;
    const minuteMs = Math.min(60_000, durationMs / 2);
    const warmupMs = Math.min(60_000, durationMs / 5);
    const started = Date.now();
    process.stdout.write(`soak [${target.label}]: ${playerCount} players for ${minutes} min at ${target.url}\n`);
    await driver.start();
    const samples: number[][] = []; // RSS (MB) per instance, every 5 s after the warm-up
    let nextReport = started + minuteMs;
    let requestsBefore = 0;
    while (Date.now() - started < durationMs) {
      await sleep(5000);
      const rss = target.rss();
      if (Date.now() - started >= warmupMs)
        rss.forEach((mb, i) => {
          if (mb !== null) (samples[i] ??= []).push(mb);
        });
      if (Date.now() >= nextReport || Date.now() - started >= durationMs) {
        nextReport += minuteMs;
        const l = driver.takeLatencies().sort((a, b) => a - b);
        const done = driver.counts.requests - requestsBefore;
        requestsBefore = driver.counts.requests;
        process.stdout.write(
          `  ${((Date.now() - started) / 60_000).toFixed(1)} min: ${done} requests (${(done / (minuteMs / 1000)).toFixed(0)}/s), ` +
            `p50 ${pct(l, 50).toFixed(0)} ms, p99 ${pct(l, 99).toFixed(0)} ms, ` +
            `RSS ${rss.map((mb) => (mb === null ? '-' : `${mb.toFixed(0)} MB`)).join(' / ')}\n`,
        );
      }
    }
    await driver.stop();
    const c = driver.counts;
    process.stdout.write(
      `  ${c.requests} requests: ${c.accepted} accepted, ${c.refused} refused, ${c.serverErrors} 5xx, ` +
        `${c.failedMidFlight} failed mid-flight, ${c.timedOut} timed out after 30 s\n`,
    );
    if (c.serverErrors) problems.push(`${c.serverErrors} answers were 5xx: ${driver.serverErrorSamples.join(' | ')}`);
    // flat: the median of the last third of the samples against the median of the first third (a
    // median, not a peak: V8's heap grows and shrinks by tens of MB between collections)
    samples.forEach((list, i) => {
      const third = Math.max(1, Math.floor(list.length / 3));
      const [early, late] = [median(list.slice(0, third)), median(list.slice(-third))];
      const growth = (late - early) / early;
      process.stdout.write(
        `  instance ${i + 1}: RSS median ${early.toFixed(0)} MB after warm-up, ${late.toFixed(0)} MB at the end ` +
          `(${(growth * 100).toFixed(1)} %; min ${Math.min(...list).toFixed(0)}, max ${Math.max(...list).toFixed(0)} MB)\n`,
      );
      if (growth > 0.1) problems.push(`instance ${i + 1}: RSS grew ${(growth * 100).toFixed(1)} % after the warm-up`);
    });
    for (let i = 0; i < 120; i++) {
      const open = await database.db.selectFrom('crash_bets').select('id').where('status', '=', 'active').execute();
      const running = await database.db.selectFrom('battles').select('id').where('status', '=', 'running').execute();
      if (!open.length && !running.length) break;
      await sleep(500);
    }
    const report = await checkInvariants(database.db, { answered: driver.answered, sent: driver.sent });
    process.stdout.write(
      `  invariants: ${report.violations.length} violations; rows ${JSON.stringify(report.counts)}\n`,
    );
    problems.push(...report.violations);
  } finally {
    await database.close();
    await target.stop();
  }
  for (const p of problems) process.stdout.write(`  ✗ ${p}\n`);
  return problems;
}

const problems: string[] = [];
if (topology === 'sqlite' || topology === 'both') problems.push(...(await soak(sqliteTarget)));
if (topology === 'cluster' || topology === 'both') problems.push(...(await soak(clusterTarget)));
process.stdout.write(problems.length ? `soak: ${problems.length} problems\n` : 'soak: no drift, memory flat\n');
process.exit(problems.length ? 1 : 0);
