// Plinko (rows 8–16): one float per row, floor(f × 2) with 1 = right; bucket = number of rights.
// Payout tables are Stake's, given from the centre bucket out to the edge and mirrored.
import { floats, type SeedInput } from './bytes.ts';

/** Risk levels shared by plinko and wheel. */
export type Risk = 'low' | 'medium' | 'high';
/** Every risk level, in order. */
export const RISKS: readonly Risk[] = ['low', 'medium', 'high'];
/** Rows a plinko board can have. */
export const PLINKO_ROWS = [8, 9, 10, 11, 12, 13, 14, 15, 16] as const;

// Half tables from the centre out to the edge, per rows and risk.
const HALF: Record<number, Record<Risk, number[]>> = {
  8: { low: [0.5, 1, 1.1, 2.1, 5.6], medium: [0.4, 0.7, 1.3, 3, 13], high: [0.2, 0.3, 1.5, 4, 29] },
  9: { low: [0.7, 1, 1.6, 2, 5.6], medium: [0.5, 0.9, 1.7, 4, 18], high: [0.2, 0.6, 2, 7, 43] },
  10: { low: [0.5, 1, 1.1, 1.4, 3, 8.9], medium: [0.4, 0.6, 1.4, 2, 5, 22], high: [0.2, 0.3, 0.9, 3, 10, 76] },
  11: { low: [0.7, 1, 1.3, 1.9, 3, 8.4], medium: [0.5, 0.7, 1.8, 3, 6, 24], high: [0.2, 0.4, 1.4, 5.2, 14, 120] },
  12: {
    low: [0.5, 1, 1.1, 1.4, 1.6, 3, 10],
    medium: [0.3, 0.6, 1.1, 2, 4, 11, 33],
    high: [0.2, 0.2, 0.7, 2, 8.1, 24, 170],
  },
  13: {
    low: [0.7, 0.9, 1.2, 1.9, 3, 4, 8.1],
    medium: [0.4, 0.7, 1.3, 3, 6, 13, 43],
    high: [0.2, 0.2, 1, 4, 11, 37, 260],
  },
  14: {
    low: [0.5, 1, 1.1, 1.3, 1.4, 1.9, 4, 7.1],
    medium: [0.2, 0.5, 1, 1.9, 4, 7, 15, 58],
    high: [0.2, 0.2, 0.3, 1.9, 5, 18, 56, 420],
  },
  15: {
    low: [0.7, 1, 1.1, 1.5, 2, 3, 8, 15],
    medium: [0.3, 0.5, 1.3, 3, 5, 11, 18, 88],
    high: [0.2, 0.2, 0.5, 3, 8, 27, 83, 620],
  },
  16: {
    low: [0.5, 1, 1.1, 1.2, 1.4, 1.4, 2, 9, 16],
    medium: [0.3, 0.5, 1, 1.5, 3, 5, 10, 41, 110],
    high: [0.2, 0.2, 0.2, 2, 4, 9, 26, 130, 1000],
  },
};

/** True for a supported row count. */
export function isPlinkoRows(rows: number): boolean {
  return (PLINKO_ROWS as readonly number[]).includes(rows);
}

/** The full payout row (rows + 1 buckets, left to right). */
export function plinkoTable(rows: number, risk: Risk): number[] {
  const half = HALF[rows]?.[risk];
  if (!half) throw new RangeError(`unsupported plinko rows/risk: ${rows}/${risk}`);
  const outward = rows % 2 === 0 ? half.slice(1) : half; // even rows: one centre bucket
  const left = [...outward].reverse();
  return rows % 2 === 0 ? [...left, half[0]!, ...outward] : [...left, ...outward];
}

/** The directions (0 left, 1 right) of a drop. */
export function plinkoDirections(input: SeedInput, rows: number): number[] {
  return floats(input, rows).map((f) => Math.floor(f * 2));
}

/** A drop's result. */
export interface PlinkoResult {
  path: string; // "L"/"R" per row
  bucket: number; // 0 … rows, left to right
  multiplier: number;
}

/** The result of one plinko drop. */
export function plinkoResult(input: SeedInput, rows: number, risk: Risk): PlinkoResult {
  const dirs = plinkoDirections(input, rows);
  const bucket = dirs.reduce((a, b) => a + b, 0);
  return { path: dirs.map((d) => (d ? 'R' : 'L')).join(''), bucket, multiplier: plinkoTable(rows, risk)[bucket]! };
}

/** Exact expected return of a table (binomial bucket probabilities). */
export function plinkoRtp(rows: number, risk: Risk): number {
  const table = plinkoTable(rows, risk);
  let c = 1; // C(rows, k)
  let sum = 0;
  for (let k = 0; k <= rows; k++) {
    sum += c * table[k]!;
    c = (c * (rows - k)) / (k + 1);
  }
  return sum / 2 ** rows;
}
