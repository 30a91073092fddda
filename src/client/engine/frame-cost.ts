// Measures the JS cost of frames (clock step + render submit) for benchmarks: `beforeFrame(i)`
// may start an animation; the scene is muted while measuring.

/** What frame measuring needs from a game. */
export interface FrameTarget {
  clock: { step(): void };
  render(): void;
  scene: { muted: boolean };
}

/** Steps and renders `frames` frames; returns each frame's JS cost in ms. */
export function measureFrames(target: FrameTarget, frames: number, beforeFrame: (i: number) => void): number[] {
  const costs: number[] = [];
  const muted = target.scene.muted;
  target.scene.muted = true;
  try {
    for (let i = 0; i < frames; i++) {
      beforeFrame(i);
      const t0 = performance.now();
      target.clock.step();
      target.render();
      costs.push(performance.now() - t0);
    }
  } finally {
    target.scene.muted = muted;
  }
  return costs;
}
