// The Pixi engine renders with WebGL in Chromium and leaks no WebGL context.
import { expect, test, phoneAtPixelRatio2 } from './fixtures.ts';

test.use(phoneAtPixelRatio2); // the canvas size at the device pixel ratio is the subject

interface Probe {
  renderer: string;
  tickerStarted(): boolean;
  canvasSize(): { width: number; height: number; resolution: number };
  pixelAt(x: number, y: number): Promise<number[]>;
  cycles(n: number): Promise<{ created: number; lost: number; webgl: number }>;
  stageCycles(n: number): Promise<{ created: number; lost: number; webgl: number }>;
}
type W = Window & { __engineCheck?: Probe };

test('the test scene is drawn by WebGL: pixels read back red left, green right', async ({ page }) => {
  await page.goto('/engine-check');
  await expect(page.getByTestId('renderer')).toHaveText('webgl');
  await page.waitForFunction(() => Boolean((window as W).__engineCheck));
  const left = await page.evaluate(() => (window as W).__engineCheck!.pixelAt(40, 80));
  const right = await page.evaluate(() => (window as W).__engineCheck!.pixelAt(280, 80));
  expect(left).toEqual([255, 0, 0, 255]);
  expect(right).toEqual([0, 255, 0, 255]);
});

test('20 mount/unmount cycles lose every WebGL context they made', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (/too many active webgl contexts/i.test(m.text())) warnings.push(m.text());
  });
  await page.goto('/engine-check');
  await page.waitForFunction(() => Boolean((window as W).__engineCheck));
  const result = await page.evaluate(() => (window as W).__engineCheck!.cycles(20));
  expect(result).toEqual({ created: 20, lost: 20, webgl: 20 });
  expect(warnings).toEqual([]);
  // The page's own stage still renders after the cycles.
  expect(await page.evaluate(() => (window as W).__engineCheck!.pixelAt(40, 80))).toEqual([255, 0, 0, 255]);
});

test('20 mounts and unmounts of the React stage (@pixi/react) lose every WebGL context they made', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (/too many active webgl contexts/i.test(m.text())) warnings.push(m.text());
  });
  await page.goto('/engine-check');
  await page.waitForFunction(() => Boolean((window as W).__engineCheck));
  const result = await page.evaluate(() => (window as W).__engineCheck!.stageCycles(20));
  expect(result).toEqual({ created: 20, lost: 20, webgl: 20 });
  expect(warnings).toEqual([]);
  expect(await page.evaluate(() => (window as W).__engineCheck!.pixelAt(40, 80))).toEqual([255, 0, 0, 255]);
});

test('the ticker pauses while the tab is hidden and resumes when visible', async ({ page }) => {
  await page.goto('/engine-check');
  await page.waitForFunction(() => Boolean((window as W).__engineCheck));
  expect(await page.evaluate(() => (window as W).__engineCheck!.tickerStarted())).toBe(true);
  const setHidden = (hidden: boolean) =>
    page.evaluate((h) => {
      Object.defineProperty(document, 'hidden', { value: h, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);
  await setHidden(true);
  expect(await page.evaluate(() => (window as W).__engineCheck!.tickerStarted())).toBe(false);
  await setHidden(false);
  expect(await page.evaluate(() => (window as W).__engineCheck!.tickerStarted())).toBe(true);
});

// the phone runs at device pixel ratio 2, the desktop at 1: checked at both viewports
test('the canvas follows its container size at the device pixel ratio @responsive', async ({ page }) => {
  await page.goto('/engine-check');
  await page.waitForFunction(() => Boolean((window as W).__engineCheck));
  const dpr = await page.evaluate(() => Math.min(window.devicePixelRatio, 2));
  expect(await page.evaluate(() => (window as W).__engineCheck!.canvasSize())).toEqual({
    width: 320 * dpr,
    height: 160 * dpr,
    resolution: dpr,
  });
  await page.getByTestId('stage').evaluate((el) => ((el as HTMLElement).style.width = '200px'));
  await expect.poll(() => page.evaluate(() => (window as W).__engineCheck!.canvasSize().width)).toBe(200 * dpr);
});
