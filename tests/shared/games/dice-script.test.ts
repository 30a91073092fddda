// Dice pipeline: outcome from seeds, script invariants, samples (last sample equals the outcome).
import { describe, expect, it } from 'vitest';
import { diceOutcome } from '../../../src/shared/games/dice/dice.outcome.ts';
import { diceScript, type MotionMode } from '../../../src/shared/games/dice/dice.script.ts';
import { blankDiceView, sampleDice, sampleDiceInto } from '../../../src/shared/games/dice/dice.sample.ts';

const seeds = (nonce: number) => ({ serverSeed: 'a'.repeat(64), clientSeed: 'abc', nonce });

describe('dice outcome, script and sample', () => {
  it('outcome from seeds matches the golden roll', () => {
    expect(diceOutcome(seeds(1), 50, 'under')).toEqual({
      roll: 16.44,
      target: 50,
      direction: 'under',
      win: true,
      multiplier: 1.98,
    });
    expect(diceOutcome(seeds(2), 50, 'under').win).toBe(false);
  });

  const modes: MotionMode[] = ['normal', 'turbo', 'reduced'];
  for (const mode of modes) {
    it(`${mode}: time increases, bounded duration, last sample equals the outcome`, () => {
      for (let nonce = 0; nonce < 200; nonce++) {
        const outcome = diceOutcome(seeds(nonce), 40 + (nonce % 20), nonce % 2 ? 'over' : 'under');
        const script = diceScript(outcome, (nonce * 37) % 101, mode);
        expect(script.durationMs).toBeGreaterThan(0);
        expect(script.durationMs).toBeLessThanOrEqual(1500);
        const ts = script.cues.map((c) => c.t);
        expect(ts).toEqual([...ts].sort((a, b) => a - b));
        expect(script.cues.at(-1)!.sound).toBe(outcome.win ? 'win' : 'lose');
        // every 16 ms frame: the marker stays on the 0–100 track (one expect per script)
        const offTrack: unknown[] = [];
        for (let t = 0; t <= script.durationMs; t += 16) {
          const v = sampleDice(script, t);
          if (!(v.marker >= 0 && v.marker <= 100)) offTrack.push({ t, marker: v.marker });
        }
        expect(offTrack).toEqual([]);
        const end = sampleDice(script, script.durationMs);
        expect(end).toMatchObject({
          marker: outcome.roll,
          label: outcome.roll.toFixed(2),
          revealed: true,
          win: outcome.win,
          done: true,
          flash: 0,
        });
        expect(sampleDice(script, script.durationMs + 1e6)).toEqual(end);
      }
    });
  }

  it('starts at the resting place and hides the result until arrival', () => {
    const outcome = diceOutcome(seeds(3), 50, 'over');
    const script = diceScript(outcome, 20, 'normal');
    expect(sampleDice(script, 0)).toMatchObject({ marker: 20, revealed: false, win: null, done: false });
    expect(sampleDice(script, script.travelMs - 1).revealed).toBe(false);
    expect(sampleDice(script, script.travelMs)).toMatchObject({ revealed: true, win: true, flash: 1 });
    expect(diceScript(outcome, 20, 'reduced').travelMs).toBe(0);
    expect(sampleDice(diceScript(outcome, 20, 'reduced'), 0).marker).toBe(outcome.roll);
  });

  it('sampling into one kept view gives every frame the same view as a fresh sample', () => {
    for (const mode of ['normal', 'turbo', 'reduced'] as const) {
      const script = diceScript(diceOutcome(seeds(4), 30, 'over'), 80, mode);
      const kept = blankDiceView();
      const differ: unknown[] = [];
      for (let t = -16; t <= script.durationMs + 32; t += 16) {
        const v = sampleDiceInto(script, t, kept);
        if (v !== kept) differ.push({ t, reason: 'not the kept view' });
        const fresh = sampleDice(script, t);
        if (JSON.stringify(v) !== JSON.stringify(fresh)) differ.push({ t, kept: { ...v }, fresh });
      }
      expect(differ).toEqual([]);
      expect(kept).toEqual(sampleDice(script, script.durationMs));
    }
  });
});
