// Upgrade animation: bounded, cues in order, the needle stays on the ring, and the last sample is
// exactly the server's roll in every motion mode.
import { describe, expect, it } from 'vitest';
import { upgradeOutcome } from '../../../src/shared/games/upgrade/upgrade.outcome.ts';
import { upgradeScript, type MotionMode } from '../../../src/shared/games/upgrade/upgrade.script.ts';
import { sampleUpgrade } from '../../../src/shared/games/upgrade/upgrade.sample.ts';

const seeds = (nonce: number) => ({ serverSeed: 'c'.repeat(64), clientSeed: 'needle', nonce });

describe('upgrade script and sample', () => {
  const modes: MotionMode[] = ['normal', 'turbo', 'reduced'];
  for (const mode of modes) {
    it(`${mode}: ends exactly on the roll`, () => {
      for (let nonce = 0; nonce < 200; nonce++) {
        const outcome = upgradeOutcome(seeds(nonce), 5 + (nonce % 70));
        const script = upgradeScript(outcome, ((nonce * 37.7) % 130) - 15, mode);
        expect(script.durationMs).toBeGreaterThan(0);
        expect(script.durationMs).toBeLessThanOrEqual(4_000);
        expect(script.from).toBeGreaterThanOrEqual(0);
        expect(script.from).toBeLessThan(100);
        const ts = script.cues.map((c) => c.t);
        expect(ts).toEqual([...ts].sort((a, b) => a - b));
        expect(script.cues.at(-1)).toEqual({ t: script.travelMs, sound: outcome.win ? 'win' : 'lose' });
        if (mode !== 'reduced') {
          expect(script.travel).toBeGreaterThanOrEqual(100); // at least one whole turn
          expect((script.from + script.travel) % 100).toBeCloseTo(outcome.roll, 9); // the spin heads for the roll
        }
        for (let t = 0; t < script.travelMs; t += 16) {
          const v = sampleUpgrade(script, t);
          expect(v.needle).toBeGreaterThanOrEqual(0);
          expect(v.needle).toBeLessThan(100);
          expect(v).toMatchObject({ revealed: false, win: null, done: false });
        }
        const end = sampleUpgrade(script, script.durationMs);
        expect(end).toEqual({
          needle: outcome.roll,
          label: outcome.roll.toFixed(2),
          revealed: true,
          win: outcome.win,
          flash: 0,
          done: true,
        });
        expect(sampleUpgrade(script, script.durationMs + 1e6)).toEqual(end);
        expect(sampleUpgrade(script, -5).needle).toBe(mode === 'reduced' ? outcome.roll : script.from);
      }
    });
  }

  it('normal mode decelerates: the needle moves less in the last 500 ms than in the first', () => {
    const script = upgradeScript({ roll: 42, chance: 50, win: true }, 10);
    const travelled = (a: number, b: number) => {
      let sum = 0;
      for (let t = a; t < b; t += 10)
        sum += (sampleUpgrade(script, t + 10).needle - sampleUpgrade(script, t).needle + 100) % 100;
      return sum;
    };
    expect(travelled(0, 500)).toBeGreaterThan(5 * travelled(script.travelMs - 500, script.travelMs - 10));
  });
});
