// The wheel scene's landing on engine time: a landing still travelling when the next round's status
// arrives (engine time behind real time on slow frames) settles at once on the server's segment and
// reports the landing exactly once.
import { describe, expect, it, vi } from 'vitest';
import { WheelScene } from '../../../src/client/games/wheel/wheel.scene.ts';
import { WHEEL_LAYOUT } from '../../../src/shared/games/wheel/wheel.layout.ts';
import { wheelOutcomeFromSegment } from '../../../src/shared/games/wheel/wheel.outcome.ts';
import { wheelLandScript } from '../../../src/shared/games/wheel/wheel.script.ts';

function spunScene() {
  const scene = new WheelScene();
  scene.muted = true;
  scene.setLayout(WHEEL_LAYOUT);
  scene.spin(0);
  scene.update(3_000);
  return scene;
}

describe('WheelScene', () => {
  it('lands on the segment by engine time and fires onLanded once', () => {
    const scene = spunScene();
    const { angle, speed } = scene.motionNow();
    const script = wheelLandScript(wheelOutcomeFromSegment(37), 9, angle, speed);
    const landed = vi.fn();
    scene.onLanded = landed;
    scene.land(script, 3_000);
    scene.update(3_000 + script.travelMs - 1);
    expect(scene.lastView.landed).toBe(false);
    scene.update(3_000 + script.travelMs);
    scene.update(3_000 + script.travelMs + 500);
    expect(scene.lastView).toMatchObject({ segment: 37, landed: true, glow: WHEEL_LAYOUT[37] });
    expect(landed).toHaveBeenCalledTimes(1);
  });

  it('settle() ends a landing still travelling on the segment, once', () => {
    const scene = spunScene();
    const { angle, speed } = scene.motionNow();
    const script = wheelLandScript(wheelOutcomeFromSegment(12), 4, angle, speed);
    const landed = vi.fn();
    scene.onLanded = landed;
    scene.land(script, 3_000);
    scene.update(3_100);
    expect(scene.lastView.landed).toBe(false);
    scene.settle();
    expect(scene.lastView).toMatchObject({ segment: 12, landed: true, angle: script.to });
    expect(landed).toHaveBeenCalledTimes(1);
    scene.settle();
    scene.update(3_200);
    expect(landed).toHaveBeenCalledTimes(1);
    expect(scene.lastView.segment).toBe(12);
  });

  it('settle() leaves a free spin or a rest alone', () => {
    const scene = spunScene();
    const before = scene.lastView.angle;
    scene.settle();
    expect(scene.lastView.angle).toBe(before);
  });
});
