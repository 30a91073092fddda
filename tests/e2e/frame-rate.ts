// The browser tests' frame-rate cap (fixtures.ts option `frameRate`): every page of a context runs its
// requestAnimationFrame callbacks only on frames that start a new 1000/fps ms bucket, so an open game
// page draws its Pixi scene (software WebGL, on the CPU) at that rate instead of 60 Hz. The engine
// is time-based (engine clock from the frame's elapsed ms), so outcomes do not change, only smoothness.
import type { BrowserContext } from '@playwright/test';

/** Wraps `window.requestAnimationFrame` in every page of `context` so callbacks run at most `fps` times a second. */
export async function capFrameRate(context: BrowserContext, fps: number): Promise<void> {
  await context.addInitScript((rate: number) => {
    const request = window.requestAnimationFrame.bind(window);
    const cancel = window.cancelAnimationFrame.bind(window);
    const period = 1000 / rate; // ms per bucket
    const pending = new Map<number, number>(); // our id → the browser's id of its current request
    let nextId = 0; // our ids
    let decidedAt = -1; // timestamp of the frame last decided (every callback of a frame shares it)
    let runs = false; // that frame's decision
    let lastBucket = -1; // bucket of the last frame that ran
    const decide = (t: number) => {
      if (t !== decidedAt) {
        decidedAt = t;
        const bucket = Math.floor(t / period);
        runs = bucket !== lastBucket;
        if (runs) lastBucket = bucket;
      }
      return runs;
    };
    const schedule = (id: number, callback: FrameRequestCallback) =>
      pending.set(
        id,
        request((t) => {
          if (!decide(t)) return schedule(id, callback); // skipped: asked again for the next frame
          pending.delete(id);
          callback(t);
        }),
      );
    window.requestAnimationFrame = (callback) => {
      const id = ++nextId;
      schedule(id, callback);
      return id;
    };
    window.cancelAnimationFrame = (id) => {
      const native = pending.get(id);
      if (native === undefined) return;
      cancel(native);
      pending.delete(id);
    };
  }, fps);
}
