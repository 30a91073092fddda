// Samples an upgrade script at a time: the view state the scene draws. At t ≥ spinMs the needle
// is exactly on the roll (not on from + travel, which may differ by float rounding).
import type { UpgradeScript } from './upgrade.script.ts';

/** What the scene shows at one instant. */
export interface UpgradeView {
  needle: number; // ring position [0, 100): 0 at the top, clockwise
  label: string; // the number under the needle, 2 decimals
  revealed: boolean; // the needle has landed
  win: boolean | null; // null until revealed
  flash: number; // 0 … 1 highlight strength
  done: boolean; // the animation has ended
}

// Fast start, long deceleration: the last turn reads like a wheel slowing down.
const easeOutQuart = (p: number) => 1 - (1 - p) ** 4;

/** The view at `t` ms after the script started (clamped to [0, duration]). */
export function sampleUpgrade(script: UpgradeScript, t: number): UpgradeView {
  const { outcome, from, travel, spinMs, holdMs, durationMs } = script;
  const time = Math.min(Math.max(t, 0), durationMs);
  const p = spinMs === 0 ? 1 : Math.min(1, time / spinMs);
  const revealed = p >= 1;
  const needle = revealed ? outcome.roll : (from + travel * easeOutQuart(p)) % 100;
  const since = time - spinMs;
  return {
    needle,
    label: needle.toFixed(2),
    revealed,
    win: revealed ? outcome.win : null,
    flash: revealed ? (holdMs === 0 ? 0 : Math.max(0, 1 - since / holdMs)) : 0,
    done: time >= durationMs,
  };
}
