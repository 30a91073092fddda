// window.__upgrade for browser tests and the frame-cost bench: renderer name, the last drawn view,
// and a frame-cost probe that spins demo upgrades (a needle every second) while stepping the clock.
import type { PixiHost } from '../../engine/pixi-host.ts';
import type { EngineClock } from '../../engine/clock.ts';
import { measureFrames } from '../../engine/frame-cost.ts';
import { upgradeScript } from '../../../shared/games/upgrade/upgrade.script.ts';
import type { UpgradeScene } from './upgrade.scene.ts';

/** What tests read. */
export interface UpgradeDebug {
  renderer: string;
  view(): unknown;
  /** JS ms per frame (clock step + scene update + render submit) for `frames` frames of demo upgrades
   * (`spins` 0: the resting ring, nothing started). */
  frameCosts(frames: number, spins?: number): number[];
}

/** Installs window.__upgrade; returns the uninstall function. */
export function exposeUpgradeDebug(host: PixiHost, scene: UpgradeScene, clock: EngineClock): () => void {
  const handle: UpgradeDebug = {
    renderer: host.rendererName,
    view: () => scene.lastView,
    frameCosts: (frames, spins = 1) =>
      measureFrames({ clock, scene, render: () => host.app.render() }, frames, (i) => {
        if (spins > 0 && i % 60 === 0)
          scene.play(
            upgradeScript({ roll: (i * 7.31) % 100, chance: 40, win: i % 120 === 0 }, scene.restingNeedle),
            clock.now,
          );
      }),
  };
  (window as unknown as { __upgrade?: UpgradeDebug }).__upgrade = handle;
  return () => delete (window as unknown as { __upgrade?: UpgradeDebug }).__upgrade;
}
