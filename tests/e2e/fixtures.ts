// The browser tests' one `test`: Playwright's, extended with what most specs repeat. Every browser
// context (the default `page`'s and those from `newContext`) skips the daily bonus dialog and runs
// the games' animations in turbo and draws animation frames at a capped rate (frame-rate.ts), unless
// a spec says otherwise with `test.use({ bonus: true })`, `test.use({ turbo: false })` or
// `test.use({ frameRate: null })`; `signIn` makes a funded player and signs the context in.
import { test as base, type BrowserContext, type Page } from '@playwright/test';
import { signInPlayer, type E2EPlayer, type PlayerSetup } from './players.ts';
import { capFrameRate } from './frame-rate.ts';
import { skipBonus } from './shell-helpers.ts';
import { testRandom, type TestRandom } from './random.ts';
import { recordToasts } from './toasts.ts';

export { expect } from '@playwright/test';

/** Options a spec or describe block sets with `test.use`. */
export interface E2EOptions {
  bonus: boolean; // let the bonus dialog open (4 s after start, once a day): only modals/a11y specs want it
  turbo: boolean; // default the motion preference (dice, upgrade) to turbo: the animation is not under test
  // animation frames per second (requestAnimationFrame capped: the Pixi scenes draw on the CPU);
  // null = the browser's own rate, for specs that count frames or measure smoothness
  frameRate: number | null;
}

/** Fixtures the specs use. */
export interface E2EFixtures {
  /** Creates a player as `setup` says and signs this test's context (that of `page`) in. */
  signIn(setup?: PlayerSetup): Promise<E2EPlayer>;
  /** A new browser context prepared like the default one (closed after the test); `setup` signs a player in. */
  newContext(setup?: PlayerSetup): Promise<{ context: BrowserContext; player: E2EPlayer | null }>;
  /** This test's seeded random stream (random.ts): names, emails, codes; the seed is printed on failure. */
  random: TestRandom;
}

async function prepare(context: BrowserContext, { bonus, turbo, frameRate }: E2EOptions): Promise<void> {
  await recordToasts(context); // toasts close after 2 s: tests ask whether one was shown (toasts.ts)
  if (!bonus) await skipBonus(context);
  if (frameRate !== null) await capFrameRate(context, frameRate);
  if (turbo)
    await context.addInitScript(() => {
      // only a default: a test (or the player) that switches turbo off keeps it off across reloads
      if (localStorage.getItem('la.turbo') === null) localStorage.setItem('la.turbo', '1');
    });
}

/** Default animation frames per second of every context (E2E_FRAME_RATE overrides it; 0 = uncapped). */
const FRAME_RATE = Number(process.env.E2E_FRAME_RATE ?? 15) || null;

/** Playwright's `test` with the fixtures above. */
export const test = base.extend<E2EOptions & E2EFixtures>({
  bonus: [false, { option: true }],
  turbo: [true, { option: true }],
  frameRate: [FRAME_RATE, { option: true }],
  context: async ({ context, bonus, turbo, frameRate }, use) => {
    await prepare(context, { bonus, turbo, frameRate });
    await use(context);
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
  random: async ({}, use, info) => {
    const random = testRandom(process.env.E2E_SEED ?? '0', info.testId, info.repeatEachIndex);
    await use(random);
    if (info.status !== info.expectedStatus)
      console.log(
        `${info.titlePath.join(' › ')}: replay with E2E_SEED=${random.seed} (repeat ${info.repeatEachIndex})`,
      );
  },
  signIn: async ({ context, baseURL }, use) => {
    await use((setup) => signInPlayer(context, baseURL!, setup));
  },
  newContext: async ({ browser, baseURL, bonus, turbo, frameRate }, use) => {
    const made: BrowserContext[] = [];
    await use(async (setup) => {
      const context = await browser.newContext();
      made.push(context);
      await prepare(context, { bonus, turbo, frameRate });
      return { context, player: setup ? await signInPlayer(context, baseURL!, setup) : null };
    });
    for (const context of made) await context.close();
  },
});

/**
 * `test.use(phoneAtPixelRatio2)`: the phone project runs at device pixel ratio 1 (a quarter of the
 * pixels software WebGL draws at 2); a spec about rendering, screenshots or hit targets gives the
 * phone its real ratio 2 back (the desktop stays at 1).
 */
export const phoneAtPixelRatio2: Parameters<typeof test.use>[0] = {
  deviceScaleFactor: async ({ isMobile }, use) => use(isMobile ? 2 : 1),
};

/**
 * Resolves once `page` has joined the Pusher-protocol `channel` (the server's
 * pusher_internal:subscription_succeeded frame). Call it before the navigation that connects;
 * await it before acting on what the channel should deliver.
 */
export function channelJoined(page: Page, channel: string | RegExp): Promise<string> {
  const matches = (name: unknown) =>
    typeof name === 'string' && (typeof channel === 'string' ? name === channel : channel.test(name));
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().includes('/app/')) return;
      ws.on('framereceived', (frame) => {
        const text = String(frame.payload);
        if (!text.includes('pusher_internal:subscription_succeeded')) return;
        const { channel: name } = JSON.parse(text) as { channel?: unknown };
        if (matches(name)) resolve(name as string);
      });
    });
  });
}

/** Waits for `count` animation frames of `page`: long enough for the compositor to apply input. */
export async function frames(page: Page, count: number): Promise<void> {
  await page.evaluate(
    (n) =>
      new Promise<void>((resolve) => {
        const step = () => (--n <= 0 ? resolve() : requestAnimationFrame(step));
        requestAnimationFrame(step);
      }),
    count,
  );
}
