// /battles/{id}: the live battle. One vertical reel per seat on a Pixi stage (a grid of two columns on
// phones), the seat cards below in the same grid, the round counter, team totals, the actions, and once
// it ended the winners, a replay and the Verify panel. Spectators and late joiners land on the latest
// round at once; the balance is held (busy flag) while the player's own battle spins. A private
// battle's invite code (?code=) goes with the GET, the channel and the join; its creator sees the link.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { isTeamMode, type Battle } from '../../../shared/api/battles.ts';
import { PixiStage } from '../../engine/pixi-stage.tsx';
import type { PixiHost } from '../../engine/pixi-host.ts';
import { EngineClock } from '../../engine/clock.ts';
import { DevPanel } from '../../engine/dev-panel.tsx';
import { inspectMode } from '../../engine/inspect.ts';
import { SceneRunner } from '../../engine/scene.ts';
import { initSound } from '../../engine/sound.ts';
import { useMotion } from '../../engine/motion.ts';
import { TurboMute } from '../../components/ui/turbo-mute.tsx';
import { PageError, PageLoading } from '../../components/ui/page-status.tsx';
import { formatDollars } from '../../lib/format.ts';
import { useSession } from '../../stores/session.ts';
import { useActiveBattle } from '../../stores/active-battle.ts';
import { BattleScene, REEL_ROW_PX } from './battle.scene.ts';
import { cssColor, seatColor, TEAM_COLORS } from './battle-colors.ts';
import { lastRound, mySeat, teamTotals } from './battle.state.ts';
import { roundBoxItems, useBattle, useBoxItems } from './use-battle.ts';
import { useBattlePlayback } from './use-battle-playback.ts';
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

/** Keeps the active battle store and the busy flag in step with the battle. */
function useBattleBookkeeping(battle: Battle | null, userId: number | null, shownRound: number) {
  useEffect(() => {
    if (!battle) return;
    if (battle.status === 'ended' || battle.status === 'canceled')
      useActiveBattle.getState().settle(battle.id, battle.status);
    else if (mySeat(battle, userId)) useActiveBattle.getState().setBattle(battle.id);
  }, [battle, userId]);
  const spinning =
    !!battle &&
    mySeat(battle, userId) !== null &&
    battle.status !== 'canceled' &&
    battle.status !== 'waiting' &&
    shownRound < lastRound(battle);
  useEffect(() => {
    useSession.getState().setBusy(spinning); // a win's balance shows once the reels have landed
  }, [spinning]);
  useEffect(() => () => useSession.getState().setBusy(false), []);
}

/** The battle page. */
export default function BattlePage() {
  const id = Number(useParams().id);
  const code = useSearchParams()[0].get('code') || null;
  const { battle, error, reload } = useBattle(id, code);
  const items = useBoxItems(battle?.boxes);
  const [clock] = useState(() => new EngineClock());
  const [scene] = useState(() => new BattleScene());
  const [renderer, setRenderer] = useState('');
  const userId = useSession((s) => s.user?.id ?? null);
  const turbo = useMotion((s) => s.turbo);
  const setTurbo = useMotion((s) => s.setTurbo);
  const stageRef = useRef<HTMLDivElement>(null);
  const width = useWidth(stageRef);
  const seats = battle?.seats.length ?? 2;
  const columns = gridColumns(seats, width || 800);
  const { shownRound, replaying, replay } = useBattlePlayback(battle, items, scene, clock, renderer === 'unavailable');
  useBattleBookkeeping(battle, userId, shownRound);
  const latest = useRef({ battle, items });
  latest.current = { battle, items };

  useEffect(() => {
    if (battle) scene.setSeats(battle.seats.map((s) => seatColor(battle.mode, s.seat)));
  }, [battle?.mode, seats, scene]); // colours change with the mode and seat count only
  useEffect(() => scene.setColumns(columns), [columns, scene]);

  const onReady = useCallback(
    (host: PixiHost) => {
      initSound();
      setRenderer(host.rendererName);
      let stopped = false;
      let runner: SceneRunner | null = null;
      void SceneRunner.start(host, scene, clock).then((r) => {
        if (stopped) return r.destroy();
        runner = r;
      });
      const unexpose = exposeBattleDebug(host, scene, clock, () => {
        const { battle: b, items: m } = latest.current;
        return b ? roundBoxItems(m, b, 0) : [];
      });
      return () => {
        stopped = true;
        unexpose();
        runner?.destroy();
      };
    },
    [scene, clock],
  );

  if (!Number.isInteger(id) || id <= 0) return <PageError error={new Error('Battle not found.')} />;
  if (error && !battle) return <PageError error={error} />;
  const rows = Math.ceil(seats / columns);
  const round = Math.min(shownRound, lastRound(battle ?? ({ boxes: [] } as unknown as Battle)));
  const teams = battle && isTeamMode(battle.mode) ? teamTotals(battle, shownRound) : null;

  return (
    <section
      className="page page-wide battle-page"
      data-testid="battle-page"
      data-status={battle?.status}
      data-shown-round={shownRound}
    >
      {!battle && <PageLoading />}
      {battle && (
        <>
          <div className="battle-bar">
            <div>
              <h1>
                Battle #{battle.id} <ModeLabel battle={battle} />
              </h1>
              <BattleBoxes boxes={battle.boxes} current={battle.status === 'running' ? round + 1 : undefined} />
            </div>
            <div>
              <p className="battle-round" data-testid="round-counter">
                {battle.status === 'waiting'
                  ? `Waiting for players · ${battle.seats.filter((s) => s.user || s.bot).length}/${battle.seats.length}`
                  : battle.status === 'canceled'
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
            onReplay={replay}
            onChanged={reload}
            code={code}
          />
          <BattleInvite battle={battle} userId={userId} />
          <BattleExpiry battle={battle} />
          {battle.status === 'canceled' && (
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
        </>
      )}
      <div
        ref={stageRef}
        className="battle-stage"
        data-testid="battle-stage"
        data-renderer={renderer}
        style={{ height: rows * REEL_ROW_PX }}
      >
        <PixiStage background="#0d0e1c" onReady={onReady} onError={() => setRenderer('unavailable')} />
      </div>
      <TurboMute className="battle-toggles" turbo={turbo} onTurbo={setTurbo} />
      {battle && <BattleSeats battle={battle} shownRound={shownRound} columns={columns} userId={userId} />}
      {battle?.status === 'ended' && <BattleVerify battle={battle} versions={items} />}
      {inspectMode() !== 'off' && <DevPanel actors={{}} clock={clock} />}
    </section>
  );
}
