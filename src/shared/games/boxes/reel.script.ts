// The box reel as pure data: a strip of item indices with the won item at the landing slot, and
// an eased timeline (ms → strip position under the marker, in px). The spin may start before the
// server answers (constant speed from the click); the script then continues from that position and
// speed with a cubic Hermite ease (shared motion kit) that ends at rest exactly inside the landing tile.
import { hermite, progress } from '../motion.ts';

/** One item of a box for the strip (its tickets bias how often it appears as filler). */
export interface ReelItem {
  id: number;
  tickets: number;
}

/** Inputs of a reel script. */
export interface ReelInput {
  items: readonly ReelItem[];
  winnerIndex: number; // index into items of the server's item
  seed: number; // deterministic filler and in-tile offset (e.g. ticket × 7 + reel)
  tileWidth: number; // px per tile
  durationMs: number; // from the answer to rest
  startOffset?: number; // px already travelled when the answer arrived (pre-spin)
  startVelocity?: number; // px/ms at that moment
  minTiles?: number; // fewest tiles travelled after the answer (default 30)
}

/** A ready reel: strip, landing slot and the eased segment. */
export interface ReelScript {
  strip: number[]; // item index per tile; strip[landing] === winnerIndex
  landing: number; // tile index the marker rests in
  tileWidth: number;
  startOffset: number; // px at t = 0
  startVelocity: number; // px/ms at t = 0
  targetOffset: number; // px at t = durationMs (inside the landing tile)
  durationMs: number;
}

/** mulberry32: a small deterministic PRNG in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Filler weights: √tickets so rare items still pass by now and then. */
function pickFiller(items: readonly ReelItem[], r: number): number {
  const weights = items.map((i) => Math.sqrt(Math.max(1, i.tickets)));
  let x = r * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < weights.length; i++) {
    x -= weights[i]!;
    if (x < 0) return i;
  }
  return items.length - 1;
}

/** The first `length` filler tiles for `seed` (the same prefix for any length: a pre-spin can show them before the answer). */
export function fillerStrip(items: readonly ReelItem[], seed: number, length: number): number[] {
  const rand = prng(seed);
  return Array.from({ length }, () => pickFiller(items, rand()));
}

/** The landing slot for a start position and speed: far enough that the ease never runs backwards. */
export function landingSlot(
  tileWidth: number,
  startOffset: number,
  startVelocity: number,
  durationMs: number,
  minTiles = 30,
): number {
  // A cubic Hermite with end speed 0 is monotone when distance ≥ v0 × T / 3.
  const minDistance = Math.max(minTiles * tileWidth, (startVelocity * durationMs) / 3 + tileWidth);
  return Math.ceil((startOffset + minDistance) / tileWidth);
}

/** Builds the script (see the file comment). */
export function reelScript(input: ReelInput): ReelScript {
  const { items, winnerIndex, seed, tileWidth, durationMs } = input;
  if (winnerIndex < 0 || winnerIndex >= items.length) throw new Error('winner outside the items');
  const startOffset = input.startOffset ?? 0;
  const startVelocity = Math.max(0, input.startVelocity ?? 0);
  const landing = landingSlot(tileWidth, startOffset, startVelocity, durationMs, input.minTiles);
  const strip = fillerStrip(items, seed, landing + 6);
  strip[landing] = winnerIndex;
  const inTile = 0.2 + 0.6 * prng(seed ^ 0x5bd1e995)(); // rest between 20 % and 80 % of the tile
  return {
    strip,
    landing,
    tileWidth,
    startOffset,
    startVelocity,
    targetOffset: (landing + inTile) * tileWidth,
    durationMs,
  };
}

/** Strip position under the marker at `t` ms (clamped to the script). */
export function reelOffsetAt(s: ReelScript, t: number): number {
  if (s.durationMs <= 0 || t >= s.durationMs) return s.targetOffset;
  if (t <= 0) return s.startOffset;
  // from the pre-spin's position and speed (tangent v0·T) to rest (tangent 0) on the target
  return hermite(progress(t, s.durationMs), s.startOffset, s.startVelocity * s.durationMs, s.targetOffset, 0);
}

/** The tile index under the marker at strip position `offset`. */
export function tileAt(s: ReelScript, offset: number): number {
  return Math.floor(offset / s.tileWidth);
}

/** The item index the marker rests on at the end: always the winner. */
export function landedItem(s: ReelScript): number {
  return s.strip[tileAt(s, s.targetOffset)]!;
}
