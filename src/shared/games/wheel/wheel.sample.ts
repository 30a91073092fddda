// Samples a wheel landing script at a time: the view the scene draws. At t ≥ travelMs the angle is
// exactly the script's final angle, so the pointer is on the server's segment.
import { hermite, phaseAt } from '../motion.ts';
import { segmentAt, type WheelScript } from './wheel.script.ts';
import type { WheelColor } from './wheel.layout.ts';

/** What the wheel shows at one instant. */
export interface WheelView {
  angle: number; // radians, clockwise
  segment: number; // under the pointer now
  landed: boolean; // the wheel has stopped on the outcome
  glow: WheelColor | null; // the winning colour, once landed
  flash: number; // 1 on landing fading to 0 over the hold
  done: boolean;
}

/** The view `t` ms after the landing began. */
export function sampleWheel(script: WheelScript, t: number): WheelView {
  const { p, revealed, flash, done } = phaseAt(script, t);
  const angle = revealed ? script.to : hermite(p, script.from, script.speed * script.travelMs, script.to, 0);
  return {
    angle,
    segment: segmentAt(angle),
    landed: revealed,
    glow: revealed ? script.outcome.color : null,
    flash,
    done,
  };
}
