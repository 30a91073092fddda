// The wheel's motion: the landing always ends exactly on the outcome's segment (every segment, any
// start angle and speed), never runs backwards, starts where the free spin is; reduced motion lands at once.
import { describe, expect, it } from 'vitest';
import { wheelOutcomeFromSegment } from '../../../src/shared/games/wheel/wheel.outcome.ts';
import {
  SPIN_SPEED,
  freeSpinAngle,
  freeSpinSpeed,
  segmentAt,
  stopOffset,
  wheelLandScript,
} from '../../../src/shared/games/wheel/wheel.script.ts';
import { sampleWheel } from '../../../src/shared/games/wheel/wheel.sample.ts';

describe('wheel landing script', () => {
  it('ends on the segment for every segment, start angle and speed, and never turns back', () => {
    for (let segment = 0; segment < 54; segment++) {
      for (const [from, speed] of [
        [0, 0],
        [freeSpinAngle(1.3, 3000), freeSpinSpeed(3000)],
        [123.4, SPIN_SPEED * 2],
      ] as const) {
        const script = wheelLandScript(wheelOutcomeFromSegment(segment), 1000 + segment, from, speed);
        expect(segmentAt(script.to)).toBe(segment);
        expect(script.to - from).toBeGreaterThanOrEqual(4 * Math.PI);
        let last = -Infinity;
        for (let t = 0; t <= script.durationMs; t += 25) {
          const v = sampleWheel(script, t);
          expect(v.angle).toBeGreaterThanOrEqual(last - 1e-9);
          last = v.angle;
        }
        const end = sampleWheel(script, script.durationMs + 1);
        expect(end).toMatchObject({ angle: script.to, segment, landed: true, done: true });
        expect(end.glow).toBe(wheelOutcomeFromSegment(segment).color);
        expect(sampleWheel(script, 0).angle).toBe(from);
      }
    }
  });

  it('the stop point inside the segment comes from the round id and stays inside it', () => {
    for (let id = 1; id < 500; id++) expect(Math.abs(stopOffset(id))).toBeLessThanOrEqual(0.35);
    expect(stopOffset(7)).toBe(stopOffset(7));
  });

  it('the free spin winds up continuously', () => {
    expect(freeSpinAngle(2, 0)).toBe(2);
    expect(freeSpinAngle(0, 800)).toBeCloseTo(freeSpinAngle(0, 799.999), 4);
    expect(freeSpinSpeed(5000)).toBe(SPIN_SPEED);
  });

  it('reduced motion shows the result at once, cues only for a viewer with bets', () => {
    const script = wheelLandScript(wheelOutcomeFromSegment(0), 3, 1, SPIN_SPEED, 'reduced', true);
    expect(script.travelMs).toBe(0);
    expect(sampleWheel(script, 0)).toMatchObject({ segment: 0, landed: true });
    expect(script.cues).toEqual([{ t: 0, sound: 'win' }]);
    expect(wheelLandScript(wheelOutcomeFromSegment(0), 3, 1, 0).cues).toEqual([]);
  });
});
