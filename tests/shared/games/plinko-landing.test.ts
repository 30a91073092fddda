// 3,000 drops through the same board geometry and matter-js trajectory code the page runs: every
// ball lands in the bucket its path names, never passes through a peg and never jumps. The risk
// level only picks the payout table (dropTrajectory takes rows, path and look), so the drops cover
// every rows × bucket pair — 117 of them, each about 26 times — and not the risks.
import { describe, expect, it } from 'vitest';
import { BALL_RADIUS, PEG_RADIUS, pegOnPath, plinkoBoard } from '../../../src/shared/games/plinko/plinko.board.ts';
import { STEP_MS, dropTrajectory } from '../../../src/shared/games/plinko/plinko.script.ts';

const CONTACT = BALL_RADIUS + PEG_RADIUS;

/** A path of `rows` bits with exactly `rights` ones, shuffled deterministically by `seed`. */
function pathWith(rows: number, rights: number, seed: number): number[] {
  const bits: number[] = Array.from({ length: rows }, (_, i) => (i < rights ? 1 : 0));
  let s = seed * 7919 + 17;
  for (let i = rows - 1; i > 0; i--) {
    s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff;
    const j = s % (i + 1);
    [bits[i], bits[j]] = [bits[j]!, bits[i]!];
  }
  return bits;
}

/** Distance from point p to the segment a–b. */
function segmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const u = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
  return Math.hypot(px - (ax + u * dx), py - (ay + u * dy));
}

describe('plinko landing', () => {
  it('3,000 drops over every rows × bucket land in the path’s bucket, through the pegs', () => {
    const N = 3_000;
    let landed = 0;
    let struckEveryPathPeg = 0;
    let closestFrame = Infinity; // nearest recorded ball centre to a peg centre, world units
    let closestSegment = Infinity; // nearest approach of the straight line between two frames
    let longestStep = 0; // world units per physics step
    const seen = new Set<string>();
    for (let i = 0; i < N; i++) {
      const rows = 8 + (i % 9);
      const bucket = Math.floor(i / 9) % (rows + 1);
      const bits = pathWith(rows, bucket, i);
      const script = dropTrajectory(rows, bits, (i * 0.6180339887) % 1);
      seen.add(`${rows}/${bucket}`);
      if (script.bucket === bucket) landed++;
      const board = plinkoBoard(rows);
      const f = script.frames;
      expect(f[0]).toBeCloseTo(board.pegs[0]![1]!.x, -1);
      expect(f[1]).toBe(board.dropY);
      for (let j = 0; j + 3 < f.length; j += 2) {
        const [ax, ay, bx, by] = [f[j]!, f[j + 1]!, f[j + 2]!, f[j + 3]!];
        longestStep = Math.max(longestStep, Math.hypot(bx - ax, by - ay));
        for (const row of board.pegs) {
          if (Math.abs(row[0]!.y - ay) > CONTACT + 24) continue;
          for (const p of row) {
            closestFrame = Math.min(closestFrame, Math.hypot(p.x - ax, p.y - ay));
            closestSegment = Math.min(closestSegment, segmentDistance(p.x, p.y, ax, ay, bx, by));
          }
        }
      }
      const hitEvery = bits.every((_, r) => {
        const index = board.pegs[r]!.indexOf(pegOnPath(board, bits, r));
        return script.pegHits.some((h) => h.row === r && h.index === index);
      });
      if (hitEvery) struckEveryPathPeg++;
      expect(script.landedAt).toBe(((f.length - 2) / 2) * STEP_MS);
    }
    for (let rows = 8; rows <= 16; rows++) for (let k = 0; k <= rows; k++) expect(seen.has(`${rows}/${k}`)).toBe(true);
    expect(landed).toBe(N); // 100 %
    // every recorded position touches a peg at most (matter resolves contacts with < 2 units of
    // overlap), and even the straight line between two frames (what a renderer interpolating frames
    // would draw) keeps the ball's centre outside every peg: it bounces, never passes through one
    expect(closestFrame).toBeGreaterThan(CONTACT - 2);
    expect(closestSegment).toBeGreaterThan(PEG_RADIUS + 2);
    // no jumps: a step is shorter than the ball + peg contact diameter, so nothing can be skipped
    expect(longestStep).toBeLessThan(2 * CONTACT);
    // the ball strikes the peg each path bit names (a rare drop slips past one and is steered on)
    expect(struckEveryPathPeg / N).toBeGreaterThan(0.99);
  }, 300_000);
});
