// /battles/{id}: the live battle. One vertical reel per seat on a Pixi stage (a grid of two columns on
// phones), the seat cards below in the same grid, the round counter, team totals, the actions, and once
// it ended the winners, a replay and the Verify panel. Spectators and late joiners land on the latest
// round at once; the balance is held (busy flag) while the player's own battle spins. A private
// battle's invite code (?code=) goes with the GET, the channel and the join; its creator sees the link.
// Its own check (spec §2): a malformed id, or one the server does not know (or a private battle without
// its code), shows the 404 "Page Not Found".
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { isTeamMode, type Battle } from '../../../shared/api/battles.ts';
import type { VersionItem } from '../../../shared/api/box-fair.ts';
import { PixiStage } from '../../engine/pixi-stage.tsx';
import { EngineClock } from '../../engine/clock.ts';
import { DevPanel } from '../../engine/dev-panel.tsx';
import { inspectMode } from '../../engine/inspect.ts';
import { playSound } from '../../engine/sound.ts';
import { motionMode, useMotion } from '../../engine/motion.ts';
import { useSceneStage } from '../../engine/use-scene-stage.ts';
import { TurboMute } from '../../components/ui/turbo-mute.tsx';
import { PageError, PageLoading } from '../../components/ui/page-status.tsx';
import { throwPageNotFound } from '../../features/boxes/not-found.ts';
import { ApiError } from '../../lib/api.ts';
import { formatDollars } from '../../lib/format.ts';
import { useSession } from '../../stores/session.ts';
import { useReportBusy } from '../../stores/game-busy.ts';
import { useActiveBattle } from '../../stores/active-battle.ts';
import { BattleScene, REEL_ROW_PX } from './battle.scene.ts';
import { cssColor, TEAM_COLORS } from './battle-colors.ts';
import { filledSeats, lastRound, mySeat, showWinners, teamTotals } from './battle.state.ts';
import { playerResult, resultText } from './battle-result.ts';
import type { battleMachine, BattlePhase } from './battle.machine.ts';
import { battleView, roundBoxItems, syncBattleScene } from './battle.view.ts';
import { ROUND_SPIN_MS } from './battle-reel.ts';
import { useBattle, useBoxItems } from './use-battle.ts';
import { BattleSeats } from './battle-seats.tsx';
import { BattleActions } from './battle-actions.tsx';
import { BattleBoxes, ModeLabel } from './battle-parts.tsx';
import { BattleVerify } from './battle-verify.tsx';
import { BattleExpiry, BattleInvite } from './battle-invite.tsx';
import { exposeBattleDebug } from './battle-debug.ts';
import './battles.css';

/** Reels per row: every seat in one row, two per row on narrow screens. */
export function gridColumns(seats: number, width: number): number {
  return width < 600 ? Math.min(2, seats) : Math.max(1, Math.min(seats, Math.floor(width / 110)));
}

/** The width of an element, followed. */
function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return width;
}

/** Keeps the active battle store and the busy flag in step with the battle (`spinning`: my seat's rounds play). */
function useBattleBookkeeping(battle: Battle | null, userId: number | null, playing: boolean) {
  useEffect(() => {
    if (!battle) return;
    if (battle.status === 'ended' || battle.status === 'canceled')
      useActiveBattle.getState().settle(battle.id, battle.status);
    else if (mySeat(battle, userId)) useActiveBattle.getState().setBattle(battle.id);
  }, [battle, userId]);
  const spinning = !!battle && mySeat(battle, userId) !== null && playing;
  useEffect(() => {
    useSession.getState().setBusy(spinning); // a win's balance shows once the reels have landed
  }, [spinning]);
  useEffect(() => () => useSession.getState().setBusy(false), []);
  useReportBusy('battle', spinning); // the bonus dialog waits for idle
}

type BattleActor = Actor<typeof battleMachine>;

/** Engine ms a round's reels spin in the player's motion mode now. */
const spinMs = () => ROUND_SPIN_MS[motionMode(useMotion.getState())];

/** Shows the machine's view on the scene (every snapshot and each box list that loads); plays the win. */
function useBattleScene(actor: BattleActor, scene: BattleScene, items: Map<string, VersionItem[]>) {
  const [sync] = useState(() => syncBattleScene(scene));
  useEffect(() => {
    const show = () => sync(battleView(actor.getSnapshot().context, items));
    show();
    const sub = actor.subscribe(show);
    return () => sub.unsubscribe();
  }, [actor, items, sync]);
  const celebrate = useSelector(actor, (s) => battleView(s.context, items).celebrate !== null);
  useEffect(() => {
    if (celebrate) playSound('win');
  }, [celebrate]);
}

/** The battle page: one battle actor per battle id. */
export default function BattlePage() {
  const raw = useParams().id ?? '';
  const id = Number(raw);
  const code = useSearchParams()[0].get('code') || null;
  if (!/^[1-9]\d*$/.test(raw) || !Number.isSafeInteger(id)) throwPageNotFound();
  return <BattleRoom key={id} id={id} code={code} />;
}

/** One battle, live. */
function BattleRoom({ id, code }: { id: number; code: string | null }) {
  const [clock] = useState(() => new EngineClock());
  const [scene] = useState(() => new BattleScene());
  const { actor, battle, error, reload } = useBattle(id, code, clock, spinMs);
  const items = useBoxItems(battle?.boxes);
  const userId = useSession((s) => s.user?.id ?? null);
  const turbo = useMotion((s) => s.turbo);
  const setTurbo = useMotion((s) => s.setTurbo);
  const stageRef = useRef<HTMLDivElement>(null);
  const width = useWidth(stageRef);
  const seats = battle?.seats.length ?? 2;
  const columns = gridColumns(seats, width || 800);
  const reelRound = useSelector(actor, (s) => s.context.round);
  const shown = useSelector(actor, (s) => s.context.shown);
  const replaying = useSelector(actor, (s) => s.context.replaying);
  const canceled = useSelector(actor, (s) => s.context.canceled !== null);
  const phase = useSelector(actor, (s) => s.value as BattlePhase);
  const waiting = useSelector(actor, (s) => s.hasTag('waiting'));
  const running = useSelector(actor, (s) => s.hasTag('running')); // started, rounds to show (a replay too)
  const playing = running && !replaying;
  useBattleBookkeeping(battle, userId, playing);
  useBattleScene(actor, scene, items);
  const latest = useRef({ battle, items });
  latest.current = { battle, items };
  const stage = useSceneStage(scene, clock, (host) =>
    exposeBattleDebug(host, scene, clock, () => {
      const { battle: b, items: m } = latest.current;
      return b ? roundBoxItems(m, b, 0) : [];
    }),
  );
  const actors = useMemo(() => ({ battle: actor }), [actor]);

  useEffect(() => scene.setColumns(columns), [columns, scene]);
  useEffect(() => {
    if (stage.renderer === 'unavailable') clock.skipToEnd(); // no canvas, no ticker: show each round at once
  }, [stage.renderer, phase, reelRound, clock]);

  if (error instanceof ApiError && (error.status === 404 || error.status === 422) && !battle) throwPageNotFound();
  if (error && !battle) return <PageError error={error} />;
  const rows = Math.ceil(seats / columns);
  const round = battle ? Math.min(reelRound, lastRound(battle)) : -1; // the round on the reels
  const teams = battle && isTeamMode(battle.mode) ? teamTotals(battle, shown) : null;
  const result = battle && showWinners(battle, shown) ? playerResult(battle, userId) : null; // once the reels landed

  return (
    <section
      className="page page-wide battle-page"
      data-testid="battle-page"
      data-status={battle?.status}
      data-shown-round={shown}
      data-phase={phase}
    >
      {!battle && <PageLoading />}
      {battle && (
        <>
          <div className="battle-bar">
            <div>
              <h1>
                Battle #{battle.id} <ModeLabel battle={battle} />
              </h1>
              <BattleBoxes boxes={battle.boxes} current={running ? Math.max(0, round) + 1 : undefined} />
            </div>
            <div>
              <p className="battle-round" data-testid="round-counter">
                {waiting
                  ? `Waiting for players · ${filledSeats(battle)}/${battle.seats.length}`
                  : canceled
                    ? 'Canceled'
                    : `Round ${Math.max(0, round) + 1}/${battle.boxes.length}`}
              </p>
              <p className="muted">Seat cost {formatDollars(battle.cost)}</p>
            </div>
          </div>
          <BattleActions
            battle={battle}
            userId={userId}
            replaying={replaying}
            onReplay={() => actor.send({ type: 'REPLAY' })}
            onChanged={reload}
            code={code}
          />
          <BattleInvite battle={battle} userId={userId} />
          <BattleExpiry battle={battle} />
          {canceled && (
            <p className="notice" data-testid="battle-canceled">
              This battle was canceled; every seat was refunded. <Link to="/battles">Back to battles</Link>
            </p>
          )}
          {teams && (
            <p className="team-totals" data-testid="team-totals">
              {teams.map((t, team) => (
                <span key={team} style={{ color: cssColor(TEAM_COLORS[team]!) }}>
                  Team {team + 1}: {formatDollars(t)}
                </span>
              ))}
            </p>
          )}
          {result && (
            <p
              className={result.won ? 'battle-result won' : 'battle-result lost'}
              data-testid="battle-result"
              data-won={result.won}
            >
              {resultText(battle, result)}
            </p>
          )}
        </>
      )}
      <div
        ref={stageRef}
        className="battle-stage"
        data-testid="battle-stage"
        data-renderer={stage.renderer}
        style={{ height: rows * REEL_ROW_PX }}
      >
        <PixiStage background="#0d0e1c" onReady={stage.onReady} onError={stage.onError} />
      </div>
      <TurboMute className="battle-toggles" turbo={turbo} onTurbo={setTurbo} />
      {battle && <BattleSeats battle={battle} shownRound={shown} columns={columns} userId={userId} />}
      {battle?.status === 'ended' && <BattleVerify battle={battle} versions={items} />}
      {inspectMode() !== 'off' && <DevPanel actors={actors} clock={clock} />}
    </section>
  );
}
