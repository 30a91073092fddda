// Drives the battle scene from the live battle: the first view lands at once on the latest played round
// (spectators and late joiners see the right round), each newly revealed round spins every reel together,
// and an ended battle can be replayed round by round on the engine clock. `shownRound` is the last round
// the reels rest on: totals, drops and the winners show up to it, never ahead of the reels.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Battle } from '../../../shared/api/battles.ts';
import type { EngineClock } from '../../engine/clock.ts';
import { motionMode, useMotion } from '../../engine/motion.ts';
import { playSound } from '../../engine/sound.ts';
import { lastRound, showWinners } from './battle.state.ts';
import type { VersionItem } from '../../../shared/api/box-fair.ts';
import { reelItemsFor, replayStarts, ROUND_SPIN_MS } from './battle-reel.ts';
import { roundBoxItems } from './use-battle.ts';
import type { BattleScene } from './battle.scene.ts';

/** Engine ms between two rounds of a replay. */
const REPLAY_PAUSE_MS = 700;

/** Plays round `r` of `battle` on `scene` (false when a seat has no drop for it yet). */
function playRound(
  scene: BattleScene,
  battle: Battle,
  items: Map<string, VersionItem[]>,
  r: number,
  now: number,
  ms: number,
): boolean {
  const drops = battle.seats.map((s) => s.drops.find((d) => d.round === r));
  if (drops.some((d) => !d)) return false;
  const reelItems = reelItemsFor(
    roundBoxItems(items, battle, r),
    drops.map((d) => ({ ...d!.item, tickets: 1 })),
  );
  scene.playRound(
    battle.id,
    r,
    reelItems,
    drops.map((d) => d!.item.id),
    now,
    ms,
  );
  return true;
}

/** The playback state of one battle page. */
export function useBattlePlayback(
  battle: Battle | null,
  items: Map<string, VersionItem[]>,
  scene: BattleScene,
  clock: EngineClock,
  stageFailed: boolean,
) {
  const [shownRound, setShownRound] = useState(-1);
  const [replaying, setReplaying] = useState(false);
  const played = useRef<number | null>(null); // last round handed to the scene; null before the first view
  const timers = useRef<number[]>([]);
  const spinMs = () => ROUND_SPIN_MS[motionMode(useMotion.getState())];

  useEffect(() => {
    scene.onLanded = (r) => setShownRound((s) => Math.max(s, r));
    return () => {
      scene.onLanded = null;
    };
  }, [scene]);
  useEffect(() => () => timers.current.forEach((t) => clock.clearTimeout(t)), [clock]);

  const round = battle?.round ?? -1;
  const itemsReady = battle ? roundBoxItems(items, battle, Math.max(0, round)).length > 0 : false;
  useEffect(() => {
    if (!battle || replaying) return;
    if (round < 0) {
      played.current = -1;
      return scene.showIdle(roundBoxItems(items, battle, 0));
    }
    const first = played.current === null;
    if (!first && round <= played.current!) return;
    if (playRound(scene, battle, items, round, clock.now, first ? 0 : spinMs())) played.current = round;
    if (stageFailed) setShownRound(round); // no canvas: show the numbers at once
    // items join the dependencies only through itemsReady: a late box list must not restart a spin
  }, [battle, round, itemsReady, replaying, stageFailed, scene, clock]);

  const celebrate = battle !== null && showWinners(battle, shownRound);
  useEffect(() => {
    scene.setWinners(celebrate ? battle!.winners : null);
    if (celebrate) playSound('win');
  }, [celebrate, battle, scene]);

  const replay = useCallback(() => {
    if (!battle || battle.status !== 'ended') return;
    timers.current.forEach((t) => clock.clearTimeout(t));
    const ms = spinMs();
    const starts = replayStarts(lastRound(battle) + 1, ms, REPLAY_PAUSE_MS, clock.now);
    setReplaying(true);
    setShownRound(-1);
    timers.current = starts.map((at, r) =>
      clock.setTimeout(() => {
        playRound(scene, battle, items, r, clock.now, ms);
        if (r === starts.length - 1) setReplaying(false);
      }, at - clock.now),
    );
  }, [battle, items, scene, clock]);

  return { shownRound, replaying, replay };
}
