// Samples a dice script at a time: the view state the scene draws. At t ≥ duration it equals the outcome.
import type { DiceScript } from './dice.script.ts';

/** What the scene shows at one instant. */
export interface DiceView {
  marker: number; // marker position 0 … 100
  label: string; // the number on the marker, 2 decimals
  revealed: boolean; // the result is known to the player
  win: boolean | null; // null until revealed
  flash: number; // 0 … 1 highlight strength
  done: boolean; // the animation has ended
}

const easeOutBack = (p: number) => {
  const c1 = 1.2;
  const c3 = c1 + 1;
  return 1 + c3 * (p - 1) ** 3 + c1 * (p - 1) ** 2;
};

/** The view at `t` ms after the script started (clamped to [0, duration]). */
export function sampleDice(script: DiceScript, t: number): DiceView {
  const { outcome, from, flyMs, holdMs, durationMs } = script;
  const time = Math.min(Math.max(t, 0), durationMs);
  const p = flyMs === 0 ? 1 : Math.min(1, time / flyMs);
  const revealed = p >= 1;
  const marker = revealed
    ? outcome.roll
    : p === 0
      ? from
      : Math.min(100, Math.max(0, from + (outcome.roll - from) * easeOutBack(p)));
  const since = time - flyMs;
  return {
    marker,
    label: marker.toFixed(2),
    revealed,
    win: revealed ? outcome.win : null,
    flash: revealed ? (holdMs === 0 ? 0 : Math.max(0, 1 - since / holdMs)) : 0,
    done: time >= durationMs,
  };
}
