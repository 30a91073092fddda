// Every scene's JS frame cost (clock step + scene update + render submit), p95 in ms, at rest and
// animating, in one headless Chromium against one app: dice, upgrade, the box reel ×1 and ×5, a
// 1v1v1v1 battle, rocket, the wheel and Bounce with 100 balls. Each page's `window.__<game>.frameCosts
// (frames, load)` runs the frames (load 0: nothing started; see src/client/games/*/*-debug.ts). The
// machine is shared, so each figure is also given as a ratio to dice's in the same run (idle to idle,
// animating to animating): ratios compare across runs, raw milliseconds much less.
import { fundedPlayer, launchBenchBrowser, openScenePage, percentile, sampleFrameCosts, serve } from './helpers.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const FRAMES = 300; // per figure, after a warm-up of a fifth as many

/** One scene page: its hook, and the figures it gives (name → the probe's load; undefined: its default). */
interface Probe {
  path: string;
  hook: string;
  busy: Record<string, number | undefined>;
}

/** The scenes (the battle page once a battle exists). */
function probes(battleId: number): Probe[] {
  return [
    { path: '/dice', hook: '__dice', busy: { dice: undefined } },
    { path: '/upgrade', hook: '__upgrade', busy: { upgrade: undefined } },
    { path: '/boxes/penny-box', hook: '__boxes', busy: { 'box reel ×1': 1, 'box reel ×5': 5 } },
    { path: `/battles/${battleId}`, hook: '__battle', busy: { 'battle (4 seats)': undefined } },
    { path: '/rocket', hook: '__crash', busy: { rocket: undefined } },
    { path: '/wheel', hook: '__wheel', busy: { wheel: undefined } },
    { path: '/bounce', hook: '__plinko', busy: { 'bounce 100 balls': 100 } },
  ];
}

/** Runs the frame-cost benchmark and returns idle and animating p95 per scene, with ratios to dice. */
export async function frameCostsBench(): Promise<Record<string, number | string>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'la-bench-frames-'));
  const app = await serve(['--import', 'tsx', 'src/server/main.ts'], { DATA_DIR: dataDir, CRASH_CHAIN_GAMES: '1000' });
  const browser = await launchBenchBrowser();
  const figures: Record<string, number | string> = {};
  try {
    if (!browser) return { error: 'no browser (CHROMIUM_PATH)' };
    const authorization = await fundedPlayer(dataDir, 100_000_000);
    const res = await fetch(`${app.url}/api/battles/create`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ boxes: ['penny-box', 'penny-box', 'penny-box'], mode: '1v1v1v1' }),
    });
    const { data } = (await res.json()) as { data: { id: number } };
    const rows: { name: string; idle: number; busy: number }[] = [];
    for (const probe of probes(data.id)) {
      process.stderr.write(`  … ${probe.path}\n`);
      try {
        const page = await openScenePage(browser, `${app.url}${probe.path}`, probe.hook);
        const idle = percentile(await sampleFrameCosts(page, probe.hook, FRAMES, 0), 95);
        for (const [name, load] of Object.entries(probe.busy)) {
          const busy = percentile(await sampleFrameCosts(page, probe.hook, FRAMES, load), 95);
          rows.push({ name, idle, busy });
        }
        await page.close();
      } catch (err) {
        for (const name of Object.keys(probe.busy)) figures[`${name} failed`] = (err as Error).message.split('\n')[0]!;
      }
    }
    const dice = rows.find((r) => r.name === 'dice') ?? { idle: NaN, busy: NaN };
    const ratio = (v: number, of: number) => (of > 0 ? (v / of).toFixed(2) : '?');
    for (const r of rows) {
      figures[`${r.name} idle p95 ms`] = `${r.idle.toFixed(3)} (${ratio(r.idle, dice.idle)}× dice)`;
      figures[`${r.name} animating p95 ms`] = `${r.busy.toFixed(3)} (${ratio(r.busy, dice.busy)}× dice)`;
    }
    return figures;
  } finally {
    await browser?.close();
    await app.stop();
  }
}
