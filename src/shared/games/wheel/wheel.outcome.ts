// The Crazy Wheel outcome: the one function the server, the verify CLI and the verify page call.
// fairness.md: segment = floor(f0 × 54), f0 the first float of the byte stream with key = the UTC
// day's server seed, client seed = the day's public seed, nonce = the round id (message
// `${public_seed}:${round_id}:0`). The scene ends exactly on that segment.
import { floats, type SeedInput } from '../../fair/bytes.ts';
import { WHEEL_PAYOUTS, WHEEL_SEGMENT_COUNT, wheelColorAt, type WheelColor } from './wheel.layout.ts';

/** The result of one round. */
export interface WheelOutcome {
  segment: number; // 0 … 53, clockwise from the pointer at rest
  color: WheelColor;
  multiplier: number;
}

/** The seeds of round `roundId` on a day: key = server seed, client seed = public seed, nonce = round id. */
export function wheelSeeds(serverSeed: string, publicSeed: string, roundId: number): SeedInput {
  return { serverSeed, clientSeed: publicSeed, nonce: roundId };
}

/** The segment of a float in [0, 1). */
export function wheelSegmentFromFloat(f0: number): number {
  return Math.floor(f0 * WHEEL_SEGMENT_COUNT);
}

/** The outcome of a segment index (what the scene ends on, as the server reported it). */
export function wheelOutcomeFromSegment(segment: number): WheelOutcome {
  const color = wheelColorAt(segment);
  return { segment, color, multiplier: WHEEL_PAYOUTS[color] };
}

/** f0: the first float of a round's byte stream. */
export function wheelSeedFloat(seeds: SeedInput): number {
  return floats(seeds, 1)[0]!;
}

/** The outcome of a round from its seeds. */
export function wheelOutcome(seeds: SeedInput): WheelOutcome {
  return wheelOutcomeFromSegment(wheelSegmentFromFloat(wheelSeedFloat(seeds)));
}
