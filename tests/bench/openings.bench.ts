// Box openings: POST /api/boxes/{slug}/open ×1 and ×5 (HTTP + fair rolls + one ledger/inventory/
// drops transaction + publishes) at concurrency 20 beside the bare Fastify route, and the reel
// scene's JS frame cost with 5 reels in headless Chromium.
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
  const database = openDatabase(config.database);
  try {
    return (await createPlayer(database.db, config.secrets.appSecret, { balanceCents: 2_000_000_000, name: 'Bench' })).headers.authorization;
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
    await page.addInitScript('globalThis.__name = f => f; localStorage.setItem("la.muted", "1")');
    await page.goto(`${url}/boxes/penny-box`);
    await page.waitForFunction('Boolean(window.__boxes)', undefined, { timeout: 60_000 });
    await page.evaluate('window.__boxes.frameCosts(60)'); // warm up
    const costs = (await page.evaluate('window.__boxes.frameCosts(480)')) as number[];
    return { p50: percentile(costs, 50), p95: percentile(costs, 95), renderer: (await page.evaluate('window.__boxes.renderer')) as string };
  } finally {
    await browser.close();
  }
}

/** Runs the openings benchmark and returns its figures. */
export async function openingsBench(): Promise<Record<string, number | string>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'la-bench-open-'));
  const server = await serve(['--import', 'tsx', 'src/server/main.ts'], { DATA_DIR: dataDir });
  const bare = await serve(['--import', 'tsx', 'tests/bench/bare-fastify.ts']);
  try {
    const authorization = await fundedPlayer(dataDir);
    const req = (count: number) => ({ method: 'POST' as const, connections: 20, body: JSON.stringify({ count }), headers: { authorization, 'content-type': 'application/json' } });
    const url = `${server.url}/api/boxes/penny-box/open`;
    await load(url, { ...req(1), seconds: 1 }); // warm up
    await load(`${bare.url}/bare`, { seconds: 1, connections: 20 });
    const one = await load(url, req(1));
    const five = await load(url, req(5));
    const baseline = await load(`${bare.url}/bare`, { connections: 20 });
    const frames = await frameCost(server.url);
    return {
      open_x1_per_s: one.rps,
      open_x1_p99_ms: one.p99,
      open_x5_per_s: five.rps,
      open_x5_p99_ms: five.p99,
      bare_rps: baseline.rps,
      ratio_x1: Number((one.rps / baseline.rps).toFixed(4)),
      ratio_x5: Number((five.rps / baseline.rps).toFixed(4)),
      errors: one.errors + five.errors + baseline.errors,
      reel_renderer: frames.renderer,
      reel_frame_p50_ms: frames.p50,
      reel_frame_p95_ms: frames.p95,
    };
  } finally {
    await Promise.all([server.stop(), bare.stop()]);
  }
}
