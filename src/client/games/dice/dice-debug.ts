// A small handle on window for browser tests and the frame-cost bench: renderer name, the
// last drawn view, and a frame-cost probe that animates a demo roll while stepping the clock.
// Each roll the machine plays is also marked for the frame budget test (performance marks
// `dice:roll` on entering the replay (tag `replaying`), `dice:rolled` on leaving it), which reads them
// in a trace.
import type { PixiHost } from '../../engine/pixi-host.ts';
import type { EngineClock } from '../../engine/clock.ts';
import { diceScript } from '../../../shared/games/dice/dice.script.ts';
import type { DiceScene } from './dice.scene.ts';
import { measureFrames } from '../../engine/frame-cost.ts';

/** What tests read. */
export interface DiceDebug {
  renderer: string;
  view(): unknown;
  /** JS ms per frame (clock step + scene update + render submit) for `frames` frames of demo rolls
   * (`rolls` 0: the resting scene, nothing started). */
  frameCosts(frames: number, rolls?: number): number[];
}

/** The machine as far as the roll marks care. */
interface ReplayingActor {
  getSnapshot(): { hasTag(tag: 'replaying'): boolean };
  subscribe(fn: (snapshot: { hasTag(tag: 'replaying'): boolean }) => void): { unsubscribe(): void };
}

/** Marks each roll the actor plays; returns the unsubscribe function. */
function markRolls(actor: ReplayingActor): () => void {
  let replaying = actor.getSnapshot().hasTag('replaying');
  const sub = actor.subscribe((snapshot) => {
    const now = snapshot.hasTag('replaying');
    if (now !== replaying) performance.mark(now ? 'dice:roll' : 'dice:rolled');
    replaying = now;
  });
  return () => sub.unsubscribe();
}

/** Installs window.__dice and the roll marks; returns the uninstall function. */
export function exposeDiceDebug(
  host: PixiHost,
  scene: DiceScene,
  clock: EngineClock,
  actor: ReplayingActor,
): () => void {
  const handle: DiceDebug = {
    renderer: host.rendererName,
    view: () => scene.lastView,
    frameCosts: (frames, rolls = 1) =>
      measureFrames({ clock, scene, render: () => host.app.render() }, frames, (i) => {
        if (rolls > 0 && i % 60 === 0)
          scene.play(
            diceScript(
              { roll: (i * 7.31) % 100, target: 50, direction: 'over', win: i % 120 === 0, multiplier: 2 },
              scene.restingMarker,
            ),
            clock.now,
          );
      }),
  };
  (window as unknown as { __dice?: DiceDebug }).__dice = handle;
  const unmark = markRolls(actor);
  return () => {
    unmark();
    delete (window as unknown as { __dice?: DiceDebug }).__dice;
  };
}
