// The Rocket page's wiring: the /crash socket into the round machine, the rocket machine and the
// players list (on every connect GET /api/crash/current fills the list and hands the player's own
// open bet to the rocket machine: a reload or a second tab keeps Cash out); the Pixi stage running the scene on the engine clock; window.__crash for browser
// tests and the frame-cost bench.
import { useCallback, useEffect, type Dispatch } from 'react';
import type { Actor } from 'xstate';
import type { EngineClock } from '../../engine/clock.ts';
import type { PixiHost } from '../../engine/pixi-host.ts';
import { measureFrames } from '../../engine/frame-cost.ts';
import { useSceneStage } from '../../engine/use-scene-stage.ts';
import type { roundMachine, RoundGameEvent } from '../../engine/machines/round.machine.ts';
import { acquireRoundSocket } from '../../lib/socket.ts';
import { getCrashCurrent } from '../../lib/api/crash.ts';
import { useSession } from '../../stores/session.ts';
import { crashBetsEventSchema, crashGameEventSchema } from '../../../shared/api/rounds.ts';
import { crashTimeOf } from '../../../shared/games/crash/crash.sample.ts';
import type { crashMachine } from './crash.machine.ts';
import type { CrashScene } from './crash.scene.ts';
import type { PlayersAction } from './crash-players.ts';
import { adoptFromCurrent, adoptFromPlaced, betUpdate } from './crash-link.ts';

type Round = Actor<typeof roundMachine>;
type Crash = Actor<typeof crashMachine>;

/** Calls `then` with the signed-in player's id once the profile has loaded (now, when it has);
 * returns the cancel. Signed out, it never calls. */
function withUserId(then: (id: number) => void): () => void {
  const id = useSession.getState().user?.id;
  if (id !== undefined) {
    then(id);
    return () => undefined;
  }
  const stop = useSession.subscribe((s) => {
    if (!s.user) return;
    stop();
    then(s.user.id);
  });
  return stop;
}

/** Subscribes to /crash for the page's lifetime; malformed events are dropped. */
export function useCrashSocket(round: Round, crash: Crash, dispatch: Dispatch<PlayersAction>): void {
  useEffect(() => {
    let release: (() => void) | null = null;
    let live = true;
    let waitUser = () => {};
    const settled = new Set<number>(); // bets a `bets` event settled: an older /current must not revive them
    // the round's bets and the player's own open bet, on every (re)connect: events missed while away
    const loadCurrent = () =>
      getCrashCurrent().then(
        ({ data }) => {
          if (!live || !data.round) return;
          dispatch({ type: 'snapshot', roundId: data.round.id, bets: data.bets });
          waitUser();
          waitUser = withUserId((id) => {
            const adopt = adoptFromCurrent(data.bets, id, settled);
            if (adopt) crash.send(adopt);
          });
        },
        () => undefined,
      );
    void acquireRoundSocket('/crash').then((lease) => {
      if (!live) return lease.release();
      const { socket } = lease;
      const onConnect = () => {
        round.send({ type: 'CONNECTED' });
        void loadCurrent();
      };
      const onDisconnect = () => round.send({ type: 'DISCONNECTED' });
      const onGame = (raw: unknown) => {
        const game = crashGameEventSchema.safeParse(raw);
        if (game.success) round.send({ type: 'GAME', game: game.data as RoundGameEvent });
      };
      const onBets = (raw: unknown) => {
        const parsed = crashBetsEventSchema.safeParse(raw);
        if (!parsed.success) return;
        dispatch({ type: 'bets', event: parsed.data });
        if (parsed.data.type !== 'placed') settled.add(parsed.data.bet.id);
        const update = betUpdate(parsed.data) ?? adoptFromPlaced(parsed.data, useSession.getState().user?.id);
        if (update) crash.send(update);
      };
      socket.on('connect', onConnect);
      socket.on('disconnect', onDisconnect);
      socket.on('game', onGame);
      socket.on('bets', onBets);
      if (socket.connected) onConnect();
      release = () => {
        socket.off('connect', onConnect);
        socket.off('disconnect', onDisconnect);
        socket.off('game', onGame);
        socket.off('bets', onBets);
        lease.release();
      };
    });
    return () => {
      live = false;
      waitUser();
      release?.();
    };
  }, [round, crash, dispatch]);
}

/** What browser tests and the bench read. */
export interface CrashDebug {
  renderer: string;
  view(): unknown;
  /** The cash-out markers the graph drew in its last frame. */
  markers(): { name: string; multiplier: number }[];
  state(): { round: string; crash: string; roundId: number | null };
  /** Adds `n` demo rows to the players list (bench). */
  fillPlayers(n: number): void;
  /** JS ms per frame (clock step + scene update + render submit) while a demo round flies (`flights` 0:
   * a betting countdown, nothing flying). */
  frameCosts(frames: number, flights?: number): number[];
}

function expose(
  host: PixiHost,
  scene: CrashScene,
  clock: EngineClock,
  round: Round,
  crash: Crash,
  dispatch: Dispatch<PlayersAction>,
) {
  const handle: CrashDebug = {
    renderer: host.rendererName,
    view: () => scene.lastView,
    markers: () => scene.lastMarkers.map(({ name, multiplier }) => ({ name, multiplier })),
    state: () => ({
      round: String(round.getSnapshot().value),
      crash: String(crash.getSnapshot().value),
      roundId: round.getSnapshot().context.roundId,
    }),
    fillPlayers: (n) => {
      const roundId = round.getSnapshot().context.roundId ?? 0;
      for (let i = 0; i < n; i++)
        dispatch({
          type: 'bets',
          event: {
            type: i % 3 === 0 ? 'cashed_out' : 'placed',
            round_id: roundId,
            bet: {
              id: 1_000_000 + i,
              user: { id: 1_000_000 + i, name: `demo${i}`, avatar_url: null },
              amount: 1 + (i % 50),
              auto_cashout: null,
              multiplier: i % 3 === 0 ? 1.5 : null,
              payout: i % 3 === 0 ? (1 + (i % 50)) * 1.5 : null,
            },
          },
        });
    },
    frameCosts: (frames, flights = 1) => {
      const source = scene.source;
      const start = clock.now;
      // a demo round that flies to 20× and crashes, then flies again
      const cycle = crashTimeOf(20) + 2000;
      const countdown = (now: number) => ({
        status: 'starting' as const,
        roundId: 0,
        elapsedMs: 0,
        bettingLeftMs: 5000 - ((now - start) % 5000),
        bettingTotalMs: 5000,
        crashPoint: null,
        sinceStatusMs: (now - start) % 5000,
      });
      scene.source = (now) => {
        if (flights === 0) return countdown(now);
        const t = (now - start) % cycle;
        const crashed = t > crashTimeOf(20);
        return {
          status: crashed ? 'ended' : 'in_progress',
          roundId: Math.floor((now - start) / cycle),
          elapsedMs: Math.min(t, crashTimeOf(20)),
          bettingLeftMs: 0,
          bettingTotalMs: 5000,
          crashPoint: crashed ? 20 : null,
          sinceStatusMs: crashed ? t - crashTimeOf(20) : t,
        };
      };
      try {
        return measureFrames({ clock, scene, render: () => host.app.render() }, frames, () => undefined);
      } finally {
        scene.source = source;
      }
    },
  };
  (window as unknown as { __crash?: CrashDebug }).__crash = handle;
  return () => delete (window as unknown as { __crash?: CrashDebug }).__crash;
}

/** Runs the scene on the page's Pixi host; returns the stage callbacks and loading state. */
export function useCrashStage(
  scene: CrashScene,
  clock: EngineClock,
  round: Round,
  crash: Crash,
  dispatch: Dispatch<PlayersAction>,
) {
  return useSceneStage(
    scene,
    clock,
    useCallback(
      (host: PixiHost) => expose(host, scene, clock, round, crash, dispatch),
      [scene, clock, round, crash, dispatch],
    ),
  );
}
