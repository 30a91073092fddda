// The plinko outcome: the one function the server, the verify CLI and the verify page call to turn
// seeds, rows and risk into a path, a bucket and a multiplier (fairness.md; src/shared/fair/plinko.ts).
// Also what the board must land on.
import { plinkoResult, type PlinkoResult, type Risk, type SeedInput } from '../../fair/index.ts';

/** The result of one drop: path ("L"/"R" per row), bucket (number of rights) and multiplier. */
export type PlinkoOutcome = PlinkoResult;

/** The outcome of a drop on `rows` rows at `risk` from its seeds. */
export function plinkoOutcome(seeds: SeedInput, rows: number, risk: Risk): PlinkoOutcome {
  return plinkoResult(seeds, rows, risk);
}

/** The path as directions, 0 left and 1 right per row (what the board steers by). */
export function pathBits(path: string): number[] {
  return [...path].map((c) => (c === 'R' ? 1 : 0));
}
