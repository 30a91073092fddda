// Screenshots of every game at 1440×900 (desktop) and 390×844 (phone), for release notes and issue
// closing notes: `node --import tsx scripts/screenshots.ts` builds the client if stale, starts the server on
// a fresh data directory (as the browser tests do), plays a 1v1 battle against a bot to its end, and
// writes docs/screenshots/<game>-<desktop|phone>.png (a JPEG at quality 80 when the PNG is over 200 KB),
// taken as a guest in Debian's Chromium once the page's canvas has drawn.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { chromium, type Page } from 'playwright-core';
// @ts-expect-error -- a plain .mjs script without types
import { buildIfStale } from './build-if-stale.mjs';
import { fundedPlayer, serve } from '../tests/bench/helpers.ts';

const OUT = 'docs/screenshots';
const MAX_BYTES = 200 * 1024;
const VIEWPORTS = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;

/** Plays a 1v1 penny-box battle against a bot to its end; returns its id. */
async function endedBattle(url: string, dataDir: string): Promise<number> {
  const authorization = await fundedPlayer(dataDir, 100_000);
  const post = async (path: string, body: unknown) => {
    const res = await fetch(url + path, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { data: { id: number } };
  };
  const { id } = (await post('/api/battles/create', { boxes: ['penny-box', 'penny-box'], mode: '1v1' })).data;
  await post(`/api/battles/${id}/add-bots`, { bots: 1 });
  for (let i = 0; i < 120; i++) {
    const { data } = (await (await fetch(`${url}/api/battles/${id}`)).json()) as { data: { status: string } };
    if (data.status === 'ended') return id;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`battle ${id} did not end`);
}

/** Waits until the page's first canvas exists, its live game connected, and three more frames were drawn. */
async function settled(page: Page): Promise<void> {
  await page.locator('canvas').first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const connected = await page
    .waitForFunction(() => !document.body.innerText.includes('Connecting'), null, { timeout: 20_000 })
    .then(
      () => true,
      () => false,
    );
  if (!connected) process.stdout.write(`${page.url()}: still connecting after 20 s, taken as it is\n`);
  await page.evaluate(
    () =>
      new Promise<void>((r) =>
        requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => r()))),
      ),
  );
}

/** A free TCP port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

buildIfStale();
mkdirSync(OUT, { recursive: true });
const dataDir = `${process.env.TMPDIR ?? '/tmp'}/la-screenshots-${process.pid}`;
const app = await serve(['--import', 'tsx', 'src/server/main.ts'], {
  DATA_DIR: dataDir,
  // a real port, not 0: pages get http://HOST:PORT as socket_url (GET /api/config), and Rocket's and the
  // wheel's sockets connect there; the pages are opened on that same origin (the server prints it), as
  // Content-Security-Policy connect-src 'self' blocks a socket to any other host name
  PORT: String(await freePort()),
  CRASH_CHAIN_GAMES: '1000', // a short crash chain: Rocket's rounds start at once (not after a million hashes)
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--webgl-antialiasing-mode=none'],
});
try {
  // Rocket and the wheel first, the battle (played through the API) only before its page
  let battle: number | null = null;
  const pages: [string, () => Promise<string>][] = [
    ['rocket', async () => '/rocket'],
    ['wheel', async () => '/wheel'],
    ['dice', async () => '/dice'],
    ['upgrade', async () => '/upgrade'],
    ['boxes', async () => '/boxes/penny-box'],
    ['battles', async () => `/battles/${(battle ??= await endedBattle(app.url, dataDir))}`],
    ['bounce', async () => '/bounce'],
  ];
  for (const [name, size] of Object.entries(VIEWPORTS)) {
    const context = await browser.newContext({
      viewport: size,
      isMobile: name === 'phone',
      hasTouch: name === 'phone',
    });
    await context.addInitScript(() => {
      localStorage.setItem('la.muted', '1');
      const d = new Date(); // the daily bonus dialog: already shown today
      const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      localStorage.setItem('bonus-shown-on', day);
    });
    const page = await context.newPage();
    for (const [game, path] of pages) {
      await page.goto(app.url + (await path()));
      await settled(page);
      const base = `${OUT}/${game}-${name}`;
      for (const ext of ['png', 'jpg']) if (existsSync(`${base}.${ext}`)) rmSync(`${base}.${ext}`);
      const png = await page.screenshot({ type: 'png' });
      const [file, bytes] =
        png.length <= MAX_BYTES
          ? [`${base}.png`, png]
          : [`${base}.jpg`, await page.screenshot({ type: 'jpeg', quality: 80 })];
      writeFileSync(file, bytes);
      process.stdout.write(`${file} ${Math.round(bytes.length / 1024)} KB\n`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
