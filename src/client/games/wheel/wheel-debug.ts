// window.__wheel for browser tests and the frame-cost bench: the renderer, the last drawn frame (angle,
// segment under the pointer, landed, phase, result), the hub's radius, the round machine's status and
// round, and a frame-cost probe that spins and lands demo rounds while stepping the clock.
import type { Actor } from 'xstate';
import type { EngineClock } from '../../engine/clock.ts';
import { measureFrames } from '../../engine/frame-cost.ts';
import type { PixiHost } from '../../engine/pixi-host.ts';
import type { roundMachine } from '../../engine/machines/round.machine.ts';
import { WHEEL_SEGMENT_COUNT } from '../../../shared/games/wheel/wheel.layout.ts';
import { wheelOutcomeFromSegment } from '../../../shared/games/wheel/wheel.outcome.ts';
import { sampleWheel } from '../../../shared/games/wheel/wheel.sample.ts';
import { freeSpinAngle, freeSpinSpeed, segmentAt, wheelLandScript } from '../../../shared/games/wheel/wheel.script.ts';
import type { WheelScene } from './wheel.scene.ts';
import { wheelLabel, type WheelFrame } from './wheel.view.ts';

/** What tests read. */
export interface WheelDebug {
  renderer: string;
  view(): unknown;
  status(): string;
  round(): unknown;
  hubRadius(): number; // CSS px
  /** JS ms per frame (clock step + scene update + render submit) while demo rounds spin 2 s and land
   * (`spins` 0: the wheel at rest, its rim lights blinking). */
  frameCosts(frames: number, spins?: number): number[];
}

const DEMO_SPIN_MS = 2000;

/** A demo round at `t` ms since it began: spinning, then landing on `segment`, then at rest. */
function demoFrame(roundId: number, segment: number, t: number): WheelFrame {
  const result = { id: roundId, ...wheelOutcomeFromSegment(segment) };
  const base = { roundId, result: null, bettingLeftMs: 0, landing: null };
  if (t < DEMO_SPIN_MS) {
    const angle = freeSpinAngle(0, t);
    const view = { angle, segment: segmentAt(angle), landed: false, glow: null, flash: 0, done: false };
    return { ...view, ...base, phase: 'spinning', label: wheelLabel('spinning', 0, null) };
  }
  const script = wheelLandScript(result, roundId, freeSpinAngle(0, DEMO_SPIN_MS), freeSpinSpeed(DEMO_SPIN_MS));
  const view = sampleWheel(script, t - DEMO_SPIN_MS);
  const phase = view.landed ? 'landed' : 'landing';
  return {
    ...view,
    ...base,
    phase,
    result: view.landed ? result : null,
    label: wheelLabel(phase, 0, result),
    landing: { roundId, t: t - DEMO_SPIN_MS, script },
  };
}

/** Installs window.__wheel; returns the uninstall function. */
export function exposeWheelDebug(
  host: PixiHost,
  scene: WheelScene,
  clock: EngineClock,
  actor: Actor<typeof roundMachine>,
): () => void {
  const handle: WheelDebug = {
    renderer: host.rendererName,
    view: () => scene.lastView,
    status: () => String(actor.getSnapshot().value),
    round: () => actor.getSnapshot().context.data,
    hubRadius: () => scene.hubRadius,
    frameCosts: (frames, spins = 1) => {
      const source = scene.source;
      const start = clock.now;
      const cycle = DEMO_SPIN_MS + wheelLandScript(wheelOutcomeFromSegment(0), 0, 0, 0).durationMs + 1000;
      const rest = demoFrame(0, 0, cycle);
      scene.source = (now) => {
        if (spins === 0) return rest;
        const n = Math.floor((now - start) / cycle);
        return demoFrame(n + 1, (n * 17) % WHEEL_SEGMENT_COUNT, (now - start) % cycle);
      };
      try {
        return measureFrames({ clock, scene, render: () => host.app.render() }, frames, () => undefined);
      } finally {
        scene.source = source;
      }
    },
  };
  (window as unknown as { __wheel?: WheelDebug }).__wheel = handle;
  return () => delete (window as unknown as { __wheel?: WheelDebug }).__wheel;
}
