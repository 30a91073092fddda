// Samples a reel script at a fixed step for the scene and tests: positions, the tile under the
// marker, and the tick moments (a tile edge passing the marker) for tick sounds.
import { reelOffsetAt, tileAt, type ReelScript } from './reel.script.ts';

/** One sample of a reel. */
export interface ReelSample {
  t: number; // ms since the answer
  offset: number; // px under the marker
  tile: number; // tile index under the marker
  item: number; // item index under the marker
}

/** Samples every `stepMs`; the last sample is exactly at the end (on the landing tile). */
export function sampleReel(s: ReelScript, stepMs = 1000 / 60): ReelSample[] {
  const out: ReelSample[] = [];
  const at = (t: number): ReelSample => {
    const offset = reelOffsetAt(s, t);
    const tile = tileAt(s, offset);
    return { t, offset, tile, item: s.strip[Math.min(tile, s.strip.length - 1)]! };
  };
  for (let t = 0; t < s.durationMs; t += stepMs) out.push(at(t));
  out.push(at(s.durationMs));
  return out;
}

/** Times (ms) at which a new tile reaches the marker between two samples: one tick each. */
export function tickTimes(samples: readonly ReelSample[]): number[] {
  const ticks: number[] = [];
  for (let i = 1; i < samples.length; i++) if (samples[i]!.tile > samples[i - 1]!.tile) ticks.push(samples[i]!.t);
  return ticks;
}
