// Browser tests: the built site served by the real server on a free port with a fresh DATA_DIR,
// driven in Debian's Chromium (never a downloaded browser).
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

// Workers re-read this file: keep the port and data dir chosen by the main process.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'la-e2e-'));
// The seed of every random choice the tests make (tests/e2e/random.ts): printed once, given to replay.
if (!process.env.E2E_SEED) {
  process.env.E2E_SEED = randomBytes(4).toString('hex');
  console.log(`E2E_SEED=${process.env.E2E_SEED} (set it to replay this run's random choices)`);
}
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Measured (issue 30): Chromium's software WebGL keeps both cores busy, so 2 workers ran the suite
  // in 252 s against 275 s with 3 (without MSAA; with it 3 had been faster), with less contention
  // for the timings the tests wait on. E2E_WORKERS overrides it (e.g. 1 to debug)
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'on-first-retry', // recording a trace of every test costs time; a retry (CI) records one
    launchOptions: {
      // Debian's headless Chromium (CHROMIUM_PATH; scripts/ensure-chromium.mjs), started so that it cannot raise its own priority
      executablePath: new URL('scripts/chromium-for-tests.sh', import.meta.url).pathname,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // WebGL without multisampling: SwiftShader renders every Pixi frame on the CPU, and 4× MSAA
        // doubled that cost (an idle /dice page: 0.93 → 0.42 of a core). The pictures the tests read
        // (scene views, pixel colours inside shapes) are the same; only edges are not smoothed
        '--webgl-antialiasing-mode=none',
        // Every context opens a browser window, and Chromium 156 preloads each window's omnibox popup
        // (a WebUI page in a renderer of its own) that a test never opens: 0.66–0.84 CPU s a context
        // with it, 0.33 without (samples of 15 contexts, alternated; the full browser's — the headless
        // build has no omnibox, and the switch is harmless there). Playwright passes its own list of
        // disabled features: scripts/chromium-for-tests.sh merges the two (Chromium keeps only the last)
        '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
      ],
    },
  },
  projects: [
    // A test runs once, at the desktop viewport, unless it depends on the layout: tagged @responsive
    // it runs at both viewports, @phone only on the phone (@desktop marks a desktop-layout test).
    {
      name: 'desktop',
      grepInvert: /@phone/,
      testIgnore: /scene-fps\.spec\.ts/,
      use: { viewport: { width: 1440, height: 900 } },
    },
    {
      name: 'phone',
      testIgnore: /scene-fps\.spec\.ts/,
      grep: /@phone|@responsive/,
      // pixel ratio 1, not a real phone's 2: software WebGL draws four times the pixels at 2 (every
      // frame on the CPU). Specs about rendering, screenshots or hit targets set 2 back
      // (`test.use(phoneAtPixelRatio2)`, fixtures.ts)
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
    },
    // The scenes' frame-rate budget runs alone after the others (its figures are the machine's CPU
    // per frame: the quieter the machine, the steadier). A run naming spec files skips the ordering
    // (--no-deps, tests/e2e/run.ts), so the spec alone does not run the whole suite first.
    {
      name: 'scene-fps',
      testMatch: /scene-fps\.spec\.ts/,
      dependencies: ['desktop', 'phone'],
      use: { viewport: { width: 1440, height: 900 } },
    },
  ],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    stdout: 'pipe', // the server logs warnings and errors only (LOG_LEVEL): a 500 a test met shows with its stack
    timeout: 90_000,
    env: {
      PORT: process.env.E2E_PORT,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      RATE_LIMIT_SCALE: '20', // every browser test comes from 127.0.0.1
      WS_MAX_CONNECTIONS_PER_IP: '1000', // likewise for realtime connections
      // the round games at a faster pace than the spec's (tests read it from GET /api/config `round_pace`):
      // Rocket's betting window 2.5 s (spec 5 s) and pause after the bust 1.5 s (3 s); the wheel's window
      // 4 s (10 s: a click waits for one with half of it left, 2 s, round-pace.ts) and ended phase 5 s
      // (6.5 s: the 3.5 s landing and the result still show in it), a 13 s round
      CRASH_BETTING_MS: '2500',
      CRASH_ENDED_MS: '1500',
      WHEEL_BETTING_MS: '4000',
      WHEEL_ENDED_MS: '5000',
      // Rocket plays only the chain's games that crash between 1.35× and 1.50× (CRASH_TEST_POINTS, tests
      // only): a 5.0–6.8 s flight leaves time for a reload and a click before the bust (measured with both
      // cores loaded: reload to cash-out 1.0–2.4 s, at 1.07–1.14×), and no test waits on a one-minute flight
      // nor on a replay of one (each round is still the chain's game of its number, verifiable)
      CRASH_TEST_POINTS: '1.35-1.5',
      // battles at a faster pace than production's (4.5 s a round after 1.5 s): a round's reels spin 1.4 s in
      // turbo (the tests' default), and the page queues a round that comes while the last one still spins
      BATTLE_ROUND_MS: '2500',
      BATTLE_LEAD_MS: '1000',
    },
  },
});
