// The board's geometry in world units, shared by the physics, the scene and the tests. Stake's
// layout: row r (0 … rows − 1) holds r + 3 pegs, the ball enters above the middle peg of row 0,
// strikes one peg per row and is deflected left or right; bucket k (0 … rows) lies between pegs
// k and k + 1 of the last row, so the number of rights is the bucket. Same spacing for every row
// count; the scene scales the board to its width.

/** Horizontal and vertical distance between neighbouring pegs, world units. */
export const PEG_GAP = 40;
/** Peg radius, world units. */
export const PEG_RADIUS = 4;
/** Ball radius, world units (the gap between pegs, 32, fits 1.7 balls). */
export const BALL_RADIUS = 8;

/** A point in world units (y grows downward). */
export interface Point {
  x: number;
  y: number;
}

/** The board of one row count. */
export interface Board {
  rows: number;
  width: number; // world units
  height: number; // world units: drop zone, pegs and buckets
  pegs: Point[][]; // pegs[row][i], left to right
  buckets: { x: number; y: number; width: number; height: number }[]; // centre x/y, 0 … rows
  dropY: number; // where balls appear
  bucketTop: number; // y a ball must cross to have landed
}

const TOP = 2 * PEG_GAP; // free fall above row 0
const BUCKET_HEIGHT = PEG_GAP * 0.9;

/** The board for `rows` rows (8 … 16). */
export function plinkoBoard(rows: number): Board {
  const width = (rows + 3) * PEG_GAP;
  const cx = width / 2;
  const pegs = Array.from({ length: rows }, (_, r) =>
    Array.from({ length: r + 3 }, (_, i) => ({ x: cx + (i - (r + 2) / 2) * PEG_GAP, y: TOP + r * PEG_GAP })),
  );
  const bucketTop = TOP + (rows - 1) * PEG_GAP + PEG_GAP * 0.6;
  const buckets = Array.from({ length: rows + 1 }, (_, k) => ({
    x: bucketX(rows, k, width),
    y: bucketTop + BUCKET_HEIGHT / 2,
    width: PEG_GAP - 2 * PEG_RADIUS,
    height: BUCKET_HEIGHT,
  }));
  return { rows, width, height: bucketTop + BUCKET_HEIGHT, pegs, buckets, dropY: TOP - PEG_GAP * 1.2, bucketTop };
}

/** Centre x of bucket `k` on a board of `rows` rows. */
export function bucketX(rows: number, k: number, width = (rows + 3) * PEG_GAP): number {
  return width / 2 + (k - rows / 2) * PEG_GAP;
}

/** The bucket under x on the bucket line (clamped to 0 … rows). */
export function bucketAt(board: Board, x: number): number {
  const k = Math.round((x - board.width / 2) / PEG_GAP + board.rows / 2);
  return Math.min(board.rows, Math.max(0, k));
}

/** The peg a ball following `bits` strikes in row r: index = rights so far + 1. */
export function pegOnPath(board: Board, bits: readonly number[], row: number): Point {
  let rights = 0;
  for (let i = 0; i < row; i++) rights += bits[i]!;
  return board.pegs[row]![rights + 1]!;
}

/** The multiplier colour from the centre out: 0 at the centre bucket, 1 at the edges. */
export function bucketHeat(rows: number, k: number): number {
  return Math.abs(k - rows / 2) / (rows / 2);
}
