// window.__boxes for browser tests and the frame-cost bench: the item each reel's marker rests
// on, whether the reels settled, and a frame-cost probe with 5 reels (or any count; 0: at rest).
import type { PixiHost } from '../../engine/pixi-host.ts';
import type { EngineClock } from '../../engine/clock.ts';
import type { BoxDetail } from '../../../shared/api/boxes.ts';
import type { BoxesScene } from './boxes.scene.ts';
import { measureFrames } from '../../engine/frame-cost.ts';

/** What tests read. */
export interface BoxesDebug {
  renderer: string;
  landed(): number[]; // product id under each reel's marker
  settled(): boolean;
  now(): number; // engine ms
  /** JS ms per frame (clock step + scene update + render) for `frames` frames of `reels` spinning reels (0: at rest). */
  frameCosts(frames: number, reels?: number): number[];
}

/** Installs window.__boxes; returns the uninstall function. */
export function exposeBoxesDebug(host: PixiHost, scene: BoxesScene, clock: EngineClock, box: BoxDetail): () => void {
  const handle: BoxesDebug = {
    renderer: host.rendererName,
    landed: () => scene.landedItems().map((i) => box.items[i]!.id),
    settled: () => scene.settled,
    now: () => clock.now,
    frameCosts: (frames, reels = 5) =>
      measureFrames({ clock, scene, render: () => host.app.render() }, frames, (i) => {
        if (reels === 0 || i % 240 !== 0) return;
        scene.spin(reels, clock.now, 1000 + i);
        scene.land(
          Array.from({ length: reels }, (_, k) => (k + i) % box.items.length),
          clock.now + 100,
          3000,
        );
      }),
  };
  (window as unknown as { __boxes?: BoxesDebug }).__boxes = handle;
  return () => delete (window as unknown as { __boxes?: BoxesDebug }).__boxes;
}
