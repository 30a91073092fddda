// Dice: POST /api/dice/bet (HTTP + fairness + ledger transaction) at concurrency 50 beside the bare
// Fastify route, and the dice scene's JS frame cost (clock step + update + render submit) in
// headless Chromium.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { load, serve } from './helpers.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { createPlayer } from '../helpers/users.ts';

async function fundedPlayer(dataDir: string): Promise<string> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
  if (config.database.kind !== 'sqlite') throw new Error('bench uses SQLite');
  const database = openDatabase(config.database);
  try {
    const p = await createPlayer(database.db, config.secrets.appSecret, { balanceCents: 100_000_000, name: 'Bench' });
    return p.headers.authorization;
  } finally {
    await database.close();
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(3));
}

async function frameCost(url: string): Promise<{ p50: number; p95: number; renderer: string }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript('globalThis.__name = f => f');
    await page.goto(`${url}/dice`);
    await page.waitForFunction('Boolean(window.__dice)');
    await page.evaluate('window.__dice.frameCosts(120)'); // warm up
    const costs = (await page.evaluate('window.__dice.frameCosts(600)')) as number[];
    const renderer = (await page.evaluate('window.__dice.renderer')) as string;
    return { p50: percentile(costs, 50), p95: percentile(costs, 95), renderer };
  } finally {
    await browser.close();
  }
}

/** Runs the dice benchmark and returns its figures. */
export async function diceBench(): Promise<Record<string, number | string>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'la-bench-dice-'));
  const server = await serve(['--import', 'tsx', 'src/server/main.ts'], { DATA_DIR: dataDir });
  const bare = await serve(['--import', 'tsx', 'tests/bench/bare-fastify.ts']);
  try {
    const authorization = await fundedPlayer(dataDir);
    const bet = { method: 'POST' as const, connections: 50, body: JSON.stringify({ amount: 0.01, target: 50, direction: 'over' }), headers: { authorization, 'content-type': 'application/json' } };
    await load(`${server.url}/api/dice/bet`, { ...bet, seconds: 1 }); // warm up
    await load(`${bare.url}/bare`, { seconds: 1, connections: 50 });
    const dice = await load(`${server.url}/api/dice/bet`, bet);
    const baseline = await load(`${bare.url}/bare`, { connections: 50 });
    const frames = await frameCost(server.url);
    return {
      dice_bets_per_s: dice.rps,
      dice_p50_ms: dice.p50,
      dice_p99_ms: dice.p99,
      bare_rps: baseline.rps,
      bare_p99_ms: baseline.p99,
      ratio: Number((dice.rps / baseline.rps).toFixed(3)),
      errors: dice.errors + baseline.errors,
      scene_renderer: frames.renderer,
      scene_frame_p50_ms: frames.p50,
      scene_frame_p95_ms: frames.p95,
    };
  } finally {
    await Promise.all([server.stop(), bare.stop()]);
  }
}
