// The wheel page's wiring: the scene's one input (wheel.view.ts over the round actor), the stage
// through the one gate (`useSceneStage`, with window.__wheel), and the frame the page's status line
// and result show — re-read as engine time moves, so pause, step and speed apply to the countdown.
import { useCallback, useEffect, useState, useSyncExternalStore, type RefObject } from 'react';
import type { Actor } from 'xstate';
import type { EngineClock } from '../../engine/clock.ts';
import type { PixiHost } from '../../engine/pixi-host.ts';
import { motionMode, useMotion } from '../../engine/motion.ts';
import { useSceneStage } from '../../engine/use-scene-stage.ts';
import type { roundMachine } from '../../engine/machines/round.machine.ts';
import { useSession } from '../../stores/session.ts';
import type { PanelBet } from './use-wheel-round.ts';
import type { WheelScene } from './wheel.scene.ts';
import { wheelViewSource, type WheelFrame, type WheelResult } from './wheel.view.ts';
import { exposeWheelDebug } from './wheel-debug.ts';

type Round = Actor<typeof roundMachine>;

/** The signed-in player's bets of a round. */
export function myBetsOf(bets: PanelBet[], roundId: number): PanelBet[] {
  const me = useSession.getState().user?.id;
  return me === undefined ? [] : bets.filter((b) => b.user.id === me && b.round_id === roundId);
}

/** The viewer's outcome of a result (its win/lose cue): null without a bet. */
export function wonOf(mine: PanelBet[], result: WheelResult): boolean | null {
  return mine.length ? mine.some((b) => b.color === result.color) : null;
}

/** The frame's parts the page shows; a new object only when one of them changes. */
function frameKey(f: WheelFrame): string {
  return `${f.phase}|${f.roundId}|${f.result?.id}|${f.label}`;
}

/** Binds the scene to the round actor and returns the frame the page shows (at most one render per label change). */
export function useWheelView(scene: WheelScene, clock: EngineClock, round: Round, bets: RefObject<PanelBet[]>) {
  const [source] = useState(() =>
    wheelViewSource(() => round.getSnapshot(), {
      mode: () => motionMode(useMotion.getState()),
      won: (result) => wonOf(myBetsOf(bets.current, result.id), result),
    }),
  );
  useEffect(() => {
    scene.source = source;
    const sub = round.subscribe(() => source(clock.now)); // it sees every status, even between frames
    return () => sub.unsubscribe();
  }, [scene, source, round, clock]);

  const [cache] = useState(() => ({ key: '', frame: null as WheelFrame | null }));
  const subscribe = useCallback(
    (changed: () => void) => {
      const off = clock.subscribe(changed);
      const sub = round.subscribe(changed);
      return () => {
        off();
        sub.unsubscribe();
      };
    },
    [clock, round],
  );
  const read = useCallback(() => {
    const frame = source(clock.now);
    const key = frameKey(frame);
    if (key !== cache.key || !cache.frame) Object.assign(cache, { key, frame });
    return cache.frame!;
  }, [source, clock, cache]);
  return useSyncExternalStore(subscribe, read);
}

/** Runs the scene on the page's Pixi host with window.__wheel; returns the stage callbacks and loading state. */
export function useWheelStage(scene: WheelScene, clock: EngineClock, round: Round) {
  return useSceneStage(
    scene,
    clock,
    useCallback((host: PixiHost) => exposeWheelDebug(host, scene, clock, round), [scene, clock, round]),
  );
}
