// The battle's vertical reels as pure data: one shared box reel script (shared/games/boxes/reel.script.ts)
// per seat and round, all seats starting together and resting at the same moment, their filler strips
// seeded by (battle, round, seat) so every viewer of a battle sees the same strips.
import {
  reelOffsetAt,
  reelScript,
  tileAt,
  type ReelItem,
  type ReelScript,
} from '../../../shared/games/boxes/reel.script.ts';
import type { MotionMode } from '../../../shared/games/motion.ts';

/** Tile size in script units (the scene scales it to its column). */
export const REEL_TILE = 100;
/** Engine ms from a round's start until every reel rests, per motion mode (the server's pace is ~4–5 s). */
export const ROUND_SPIN_MS: Record<MotionMode, number> = { normal: 3600, turbo: 1400, reduced: 0 };
/** Tiles the reels travel in a round. */
const TRAVEL_TILES = 30;

/** An item a reel can show: id, tickets (filler weight), image and rarity. */
export interface BattleReelItem extends ReelItem {
  img_url: string;
  rarity: string;
}

/** A 31-bit filler seed for (battle, round, seat): the same for every viewer. */
export function reelSeed(battleId: number, round: number, seat: number): number {
  let h = 0x811c9dc5;
  for (const n of [battleId, round, seat]) {
    h = Math.imul(h ^ (n & 0xffff), 0x01000193) >>> 0;
    h = Math.imul(h ^ (n >>> 16), 0x01000193) >>> 0;
  }
  return h & 0x7fffffff;
}

/** The box's items plus any dropped item missing from them (a drop always has a tile to land on). */
export function reelItemsFor(items: readonly BattleReelItem[], drops: readonly BattleReelItem[]): BattleReelItem[] {
  const out: BattleReelItem[] = [...items];
  for (const d of drops) if (!out.some((i) => i.id === d.id)) out.push({ ...d, tickets: 1 });
  return out;
}

/** One round's reels: `winners[seat]` is the product id that seat's reel must rest on. */
export function roundReels(
  battleId: number,
  round: number,
  items: readonly BattleReelItem[],
  winners: readonly number[],
  durationMs: number,
): ReelScript[] {
  // start at twice the mean speed and ease to rest: reads as a kick, then the slowdown
  const startVelocity = durationMs > 0 ? (2 * TRAVEL_TILES * REEL_TILE) / durationMs : 0;
  return winners.map((id, seat) => {
    const winnerIndex = items.findIndex((i) => i.id === id);
    if (winnerIndex < 0) throw new Error(`item ${id} is not on the reel`);
    return reelScript({
      items,
      winnerIndex,
      seed: reelSeed(battleId, round, seat),
      tileWidth: REEL_TILE,
      durationMs,
      startOffset: 0,
      startVelocity,
      minTiles: TRAVEL_TILES,
    });
  });
}

/** The item index under the marker of `script` at `t` ms after the round began. */
export function itemAt(script: ReelScript, t: number): number {
  const tile = tileAt(script, reelOffsetAt(script, t));
  return script.strip[Math.min(tile, script.strip.length - 1)]!;
}
