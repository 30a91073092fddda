// Idle game pages: the CPU the whole browser (main, renderer, GPU processes) spends on a game page
// that shows a static scene (no bet placed), in % of one core over a few seconds. Chromium's
// software WebGL renders every frame it is asked for on the CPU, so this is what render on demand
// saves; rocket's flight animates always and is the contrast.
import { readdirSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { cpuMs, serve } from './helpers.ts';

const PAGES = ['/dice', '/upgrade', '/bounce', '/wheel', '/boxes/penny-box', '/rocket'];
const SETTLE_MS = 3000; // after the canvas shows: bundles loaded, entry animations over
const MEASURE_MS = 6000;

/** The pid and all descendants of `root`, from /proc. */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      /* the process ended while listing */
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

/** CPU ms used so far by `root` and its descendants (ended ones are not counted). */
function treeCpuMs(root: number): Map<number, number> {
  const used = new Map<number, number>();
  for (const pid of processTree(root)) {
    try {
      used.set(pid, cpuMs(pid));
    } catch {
      /* ended */
    }
  }
  return used;
}

/** Runs the idle-page benchmark and returns % of one core per page. */
export async function idlePagesBench(): Promise<Record<string, number | string>> {
  const app = await serve(['--import', 'tsx', 'src/server/main.ts']);
  const server = await chromium.launchServer({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--webgl-antialiasing-mode=none'],
  });
  const figures: Record<string, number | string> = {};
  try {
    const browser = await chromium.connect(server.wsEndpoint());
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.addInitScript('localStorage.setItem("la.muted", "1")');
    for (const path of PAGES) {
      await page.goto(`${app.url}${path}`);
      await page.locator('canvas').first().waitFor({ timeout: 60_000 });
      await page.waitForTimeout(SETTLE_MS);
      const before = treeCpuMs(server.process().pid!);
      await page.waitForTimeout(MEASURE_MS);
      const after = treeCpuMs(server.process().pid!);
      let used = 0;
      for (const [pid, ms] of after) used += ms - (before.get(pid) ?? ms);
      figures[`${path}_cpu_pct`] = Math.round((used / MEASURE_MS) * 100);
    }
    await browser.close();
  } finally {
    await server.close();
    await app.stop();
  }
  return figures;
}
