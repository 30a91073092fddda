// window.__battle for browser tests and the frame-cost bench: the renderer, the product id under each
// reel's marker, whether the reels rest, and a frame-cost probe spinning 4 seats' reels round after round
// (or resting, for the idle figure).
import type { PixiHost } from '../../engine/pixi-host.ts';
import type { EngineClock } from '../../engine/clock.ts';
import { measureFrames } from '../../engine/frame-cost.ts';
import { TEAM_COLORS } from './battle-colors.ts';
import type { BattleReelItem } from './battle-reel.ts';
import type { BattleScene } from './battle.scene.ts';

/** What tests read. */
export interface BattleDebug {
  renderer: string;
  landed(): number[]; // product id under each reel's marker
  settled(): boolean;
  round(): number; // round the reels belong to
  /** JS ms per frame (clock step + scene update + render) for `frames` frames of 4 reels spinning (once the
   * box's items loaded); `rounds` 0: the 4 seats at rest. */
  frameCosts(frames: number, rounds?: number): Promise<number[]>;
}

/** Installs window.__battle; `items` gives the reel items the probe spins through. */
export function exposeBattleDebug(
  host: PixiHost,
  scene: BattleScene,
  clock: EngineClock,
  items: () => BattleReelItem[],
): () => void {
  const handle: BattleDebug = {
    renderer: host.rendererName,
    landed: () => scene.landedItems(),
    settled: () => scene.settled,
    round: () => scene.currentRound,
    frameCosts: async (frames, rounds = 1) => {
      for (let i = 0; i < 600 && items().length === 0; i++) await new Promise((r) => requestAnimationFrame(r));
      const pool = items();
      if (pool.length === 0) return [];
      scene.setSeats(TEAM_COLORS.slice(0, 4));
      return measureFrames({ clock, scene, render: () => host.app.render() }, frames, (i) => {
        if (rounds === 0 || i % 240 !== 0) return;
        const winners = [0, 1, 2, 3].map((k) => pool[(k + i) % pool.length]!.id);
        scene.playRound(0, i, pool, winners, clock.now, 3600);
      });
    },
  };
  (window as unknown as { __battle?: BattleDebug }).__battle = handle;
  return () => delete (window as unknown as { __battle?: BattleDebug }).__battle;
}
