// window.__plinko for browser tests and the frame-cost bench: renderer, the balls' positions, and a
// frame-cost probe that keeps `balls` balls in flight (100 by default) while stepping the clock;
// window.__plinkoIdle is the same probe on the same board with no balls. Installed once the physics
// chunk has loaded (plinko-physics.ts): the probe's balls fly by it.
import type { PixiHost } from '../../engine/pixi-host.ts';
import type { EngineClock } from '../../engine/clock.ts';
import { measureFrames } from '../../engine/frame-cost.ts';
import { pathBits, plinkoOutcome } from '../../../shared/games/plinko/plinko.outcome.ts';
import type { dropTrajectory as DropTrajectory } from '../../../shared/games/plinko/plinko.script.ts';
import { loadTrajectory } from './plinko-physics.ts';
import type { PlinkoScene } from './plinko.scene.ts';

/** What tests read. */
export interface PlinkoDebug {
  renderer: string;
  view(): ReturnType<PlinkoScene['view']>;
  /** JS ms per frame (clock step + scene update + render submit) with `balls` balls kept in flight. */
  frameCosts(frames: number, balls?: number): number[];
}

/** The hooks on a board, with the physics the probe's balls fly by. */
function debugHandle(host: PixiHost, scene: PlinkoScene, clock: EngineClock, trajectory: typeof DropTrajectory) {
  const handle: PlinkoDebug = {
    renderer: host.rendererName,
    view: () => scene.view(),
    frameCosts: (frames, balls = 100) => {
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
  return handle;
}

/** Installs window.__plinko once the physics chunk has loaded; returns the uninstall function. */
export function exposePlinkoDebug(host: PixiHost, scene: PlinkoScene, clock: EngineClock): () => void {
  const w = window as unknown as { __plinko?: PlinkoDebug; __plinkoIdle?: PlinkoDebug };
  let removed = false;
  void loadTrajectory().then((trajectory) => {
    if (removed) return;
    const handle = debugHandle(host, scene, clock, trajectory);
    w.__plinko = handle;
    w.__plinkoIdle = { ...handle, frameCosts: (frames) => handle.frameCosts(frames, 0) };
  });
  return () => {
    removed = true;
    delete w.__plinko;
    delete w.__plinkoIdle;
  };
}
