// The wheel scene draws only the frame its source gives at engine time: the wheel's rotation is the
// frame's angle, and a landing's cue plays once through the sound store (never while muted).
import type { Graphics } from 'pixi.js';
import { describe, expect, it, vi } from 'vitest';
import { WheelScene } from '../../../src/client/games/wheel/wheel.scene.ts';
import { WHEEL_LAYOUT } from '../../../src/shared/games/wheel/wheel.layout.ts';
import { wheelOutcomeFromSegment } from '../../../src/shared/games/wheel/wheel.outcome.ts';
import { wheelLandScript } from '../../../src/shared/games/wheel/wheel.script.ts';
import { sampleWheel } from '../../../src/shared/games/wheel/wheel.sample.ts';
import type { WheelFrame } from '../../../src/client/games/wheel/wheel.view.ts';

const sound = vi.hoisted(() => ({ played: [] as string[] }));
vi.mock('../../../src/client/engine/sound.ts', () => ({ playSound: (s: string) => sound.played.push(s) }));

const script = wheelLandScript(wheelOutcomeFromSegment(37), 9, 1, 0.009, 'normal', true);

/** A landing that begins at engine time 1000. */
const landing = (now: number): WheelFrame => {
  const t = Math.max(0, now - 1_000);
  return {
    ...sampleWheel(script, t),
    phase: t >= script.travelMs ? 'landed' : 'landing',
    roundId: 9,
    result: null,
    label: '',
    bettingLeftMs: 0,
    landing: { roundId: 9, t, script },
  };
};

function scene(muted = false) {
  const s = new WheelScene();
  s.muted = muted;
  s.setLayout(WHEEL_LAYOUT);
  s.source = landing;
  sound.played.length = 0;
  return s;
}

describe('WheelScene', () => {
  it('turns the wheel to the frame angle and keeps the frame for tests', () => {
    const s = scene();
    s.update(1_500);
    expect(s.lastView).toEqual(landing(1_500));
    const wheel = s.root.children[1]!;
    expect(wheel.rotation).toBeCloseTo(landing(1_500).angle, 9);
    s.update(1_000 + script.travelMs + 10);
    expect(s.lastView).toMatchObject({ segment: 37, landed: true });
  });

  it('plays the landing cue once, however the frames fall', () => {
    const s = scene();
    for (let now = 1_000; now < 1_000 + script.durationMs + 500; now += 33) s.update(now);
    s.resize(400, 400); // a resize redraws the same frame: no second cue
    expect(sound.played).toEqual(['win']);
  });

  it('blinks its rim lights by swapping patterns drawn once (every third phase shows the first again)', () => {
    const s = scene(true);
    const lights = s.root.children[2] as Graphics;
    const contexts = [0, 90, 180, 270].map((now) => {
      s.update(now); // before the landing starts: spinning, a blink every 90 ms
      return lights.context;
    });
    expect(new Set(contexts.slice(0, 3)).size).toBe(3);
    expect(contexts[3]).toBe(contexts[0]);
    s.resize(300, 300); // a new size draws them again
    expect(lights.context).not.toBe(contexts[0]);
  });

  it('stays silent while muted', () => {
    const s = scene(true);
    s.update(1_000);
    s.update(1_000 + script.durationMs);
    expect(sound.played).toEqual([]);
  });
});
