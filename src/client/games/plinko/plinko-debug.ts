// window.__plinko for browser tests and the frame-cost bench: renderer, the balls' positions, the
// bucket labels' sizes, and a frame-cost probe that keeps `balls` balls in flight (100 by default)
// while stepping the clock; window.__plinkoIdle is the same probe on the same board with no balls.
// The probe loads the physics chunk (plinko-physics.ts) when it first runs, not with the page.
import type { PixiHost } from '../../engine/pixi-host.ts';
import type { EngineClock } from '../../engine/clock.ts';
import { measureFrames } from '../../engine/frame-cost.ts';
import { pathBits, plinkoOutcome } from '../../../shared/games/plinko/plinko.outcome.ts';
import { loadTrajectory } from './plinko-physics.ts';
import type { PlinkoScene } from './plinko.scene.ts';

/** What tests read. */
export interface PlinkoDebug {
  renderer: string;
  view(): ReturnType<PlinkoScene['view']>;
  /** The bucket labels: text and font size in CSS px. */
  labels(): ReturnType<PlinkoScene['labelSizes']>;
  /** JS ms per frame (clock step + scene update + render submit) with `balls` balls kept in flight. */
  frameCosts(frames: number, balls?: number): Promise<number[]>;
}

/** Installs window.__plinko; returns the uninstall function. */
export function exposePlinkoDebug(host: PixiHost, scene: PlinkoScene, clock: EngineClock): () => void {
  const handle: PlinkoDebug = {
    renderer: host.rendererName,
    view: () => scene.view(),
    labels: () => scene.labelSizes(),
    frameCosts: async (frames, balls = 100) => {
      const trajectory = await loadTrajectory();
      const rows = scene.view().rows;
      const scripts = Array.from({ length: 64 }, (_, n) => {
        const seeds = { serverSeed: 'bench', clientSeed: 'bench', nonce: n };
        return trajectory(rows, pathBits(plinkoOutcome(seeds, rows, 'low').path), n / 64);
      }); // computed before measuring: the probe times the scene, not the physics
      let next = 0;
      return measureFrames({ clock, scene, render: () => host.app.render() }, frames, () => {
        while (scene.inFlight < balls) scene.drop(scripts[next++ % scripts.length]!, clock.now);
      });
    },
  };
  const w = window as unknown as { __plinko?: PlinkoDebug; __plinkoIdle?: PlinkoDebug };
  w.__plinko = handle;
  w.__plinkoIdle = { ...handle, frameCosts: (frames) => handle.frameCosts(frames, 0) };
  return () => {
    delete w.__plinko;
    delete w.__plinkoIdle;
  };
}
