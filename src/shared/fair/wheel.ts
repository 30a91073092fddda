// Wheel (10/20/30/40/50 segments): index = floor(f0 × segments) into Stake's payout arrays.
import { floats, type SeedInput } from './bytes.ts';
import type { Risk } from './plinko.ts';

/** Segment counts a wheel can have. */
export const WHEEL_SEGMENTS = [10, 20, 30, 40, 50] as const;

const LOW10 = [1.5, 1.2, 1.2, 1.2, 0, 1.2, 1.2, 1.2, 1.2, 0];
const MEDIUM: Record<number, string> = {
  10: '0 1.9 0 1.5 0 2 0 1.5 0 3',
  20: '1.5 0 2 0 2 0 2 0 1.5 0 3 0 1.8 0 2 0 2 0 2 0',
  30: '1.5 0 1.5 0 2 0 1.5 0 2 0 2 0 1.5 0 3 0 1.5 0 2 0 2 0 1.7 0 4 0 1.5 0 2 0',
  40: '2 0 3 0 2 0 1.5 0 3 0 1.5 0 1.5 0 2 0 1.5 0 3 0 1.5 0 2 0 2 0 1.6 0 2 0 1.5 0 3 0 1.5 0 2 0 1.5 0',
  50: '2 0 1.5 0 2 0 1.5 0 3 0 1.5 0 1.5 0 2 0 1.5 0 3 0 1.5 0 2 0 1.5 0 2 0 2 0 1.5 0 3 0 1.5 0 2 0 1.5 0 1.5 0 5 0 1.5 0 2 0 1.5 0',
};

/** True for a supported segment count. */
export function isWheelSegments(segments: number): boolean {
  return (WHEEL_SEGMENTS as readonly number[]).includes(segments);
}

/** The payout per segment index. */
export function wheelTable(segments: number, risk: Risk): number[] {
  if (!isWheelSegments(segments)) throw new RangeError(`unsupported wheel segments: ${segments}`);
  if (risk === 'low') return Array.from({ length: segments }, (_, i) => LOW10[i % 10]!);
  if (risk === 'high')
    return Array.from({ length: segments }, (_, i) => (i === segments - 1 ? Math.round(0.99 * segments * 10) / 10 : 0));
  return MEDIUM[segments]!.split(' ').map(Number);
}

/** Segment index for a float. */
export function wheelIndexFromFloat(f: number, segments: number): number {
  return Math.floor(f * segments);
}

/** The result of one spin. */
export function wheelResult(input: SeedInput, segments: number, risk: Risk): { index: number; multiplier: number } {
  const index = wheelIndexFromFloat(floats(input, 1)[0]!, segments);
  return { index, multiplier: wheelTable(segments, risk)[index]! };
}

/** Expected return of a table (uniform segments). */
export function wheelRtp(segments: number, risk: Risk): number {
  return wheelTable(segments, risk).reduce((a, b) => a + b, 0) / segments;
}
