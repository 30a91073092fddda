// /rocket and /crash: the round machine fed by the /crash socket (the snapshot on connect
// included), the rocket bet machine on top of it, the Pixi scene sampling the round by engine
// time, the HUD, the recent games strip and the players / my bets / leaderboard tabs. ?inspect adds
// the dev panel with the clock controls. An exact /crash path is the "crash page open" flag.
import { useCallback, useEffect, useReducer, useState } from 'react';
import { useLocation } from 'react-router';
import { useSelector } from '@xstate/react';
import { PixiStage } from '../../engine/pixi-stage.tsx';
import { EngineClock } from '../../engine/clock.ts';
import { LoadingBar } from '../../engine/loading-bar.tsx';
import { DevPanel } from '../../engine/dev-panel.tsx';
import { inspectMode } from '../../engine/inspect.ts';
import { useGameActor } from '../../engine/use-game-actor.ts';
import { roundMachine, roundElapsed } from '../../engine/machines/round.machine.ts';
import { playSound } from '../../engine/sound.ts';
import { errorText } from '../../lib/api.ts';
import { cashOutCrashBet, getCrashRecentGames, placeCrashBet } from '../../lib/api/crash.ts';
import { getCookie } from '../../lib/cookies.ts';
import { loadProfile } from '../../lib/session.ts';
import { useSession } from '../../stores/session.ts';
import { useReportBusy } from '../../stores/game-busy.ts';
import { toast } from '../../components/ui/toaster.tsx';
import { formatDollars } from '../../lib/format.ts';
import { crashFlooredAt } from '../../../shared/games/crash/crash.curve.ts';
import type { CrashRecentGame } from '../../../shared/api/crash.ts';
import { CrashScene } from './crash.scene.ts';
import { crashMachine, VOIDED_NOTE, type CrashInput } from './crash.machine.ts';
import { cashOutMarkers, frameSource } from './crash-frame.ts';
import { linkRound } from './crash-link.ts';
import { NO_PLAYERS, playersReducer, sortedPlayers } from './crash-players.ts';
import { CrashHud } from './crash-hud.tsx';
import { CrashRecent } from './crash-recent.tsx';
import { CrashLists } from './crash-lists.tsx';
import { useCrashSocket, useCrashStage } from './crash-wiring.ts';
import { crashPageOpen, formatMultiplier } from './crash-format.ts';
import './crash.css';

const input = (clock: EngineClock): CrashInput => ({
  clock,
  placeBet: async (params) => {
    const res = await placeCrashBet({
      amount: params.amount,
      ...(params.autoCashout !== null ? { auto_cashout: params.autoCashout } : {}),
    });
    useSession.getState().applyBalance(res.balance);
    toast.success(res.msg); // spec §8: the server's msg as the success toast
    const b = res.data;
    return {
      bet: { id: b.id, roundId: b.round_id, amount: b.amount, autoCashout: b.auto_cashout },
      balance: res.balance,
    };
  },
  cashOut: async () => {
    const res = await cashOutCrashBet();
    useSession.getState().applyBalance(res.balance);
    toast.success(res.msg);
    return { multiplier: res.data.multiplier, payout: res.data.payout, balance: res.balance };
  },
  errorText,
});

/** The Rocket page. */
export default function CrashPage() {
  const { pathname } = useLocation();
  const [clock] = useState(() => new EngineClock());
  const [scene] = useState(() => new CrashScene());
  const round = useGameActor(roundMachine, clock, { clock });
  const crash = useGameActor(crashMachine, clock, input(clock));
  const [players, dispatch] = useReducer(playersReducer, NO_PLAYERS);
  const [recent, setRecent] = useState<CrashRecentGame[]>([]);
  const [version, setVersion] = useState(0);
  const status = useSelector(round, (s) => s.context.data?.status ?? 'new');
  const roundId = useSelector(round, (s) => s.context.roundId);
  const connected = useSelector(round, (s) => s.context.connected);
  const voided = useSelector(round, (s) => s.context.data?.status === 'ended' && s.context.data.voided === true);
  const state = useSelector(crash, (s) => String(s.value));
  const autoOn = useSelector(crash, (s) => s.context.autoOn);
  // placing, riding or cashing out (a bet queued for the next round too): the bonus dialog waits for idle
  useReportBusy(
    'crash',
    useSelector(crash, (s) => s.hasTag('busy') || s.hasTag('queued')),
  );
  const autoReason = useSelector(crash, (s) => s.context.autoReason);
  const bet = useSelector(crash, (s) => s.context.bet);
  const result = useSelector(crash, (s) => (s.hasTag('settled') ? s.context.result : null));
  const error = useSelector(crash, (s) => s.context.error);
  const user = useSession((s) => s.user);
  const signedIn = !!user || !!getCookie('token');
  const mode = inspectMode();

  useEffect(() => {
    scene.source = frameSource(() => round.getSnapshot());
  }, [scene, round]);
  useEffect(() => linkRound(round, crash), [round, crash]);
  useEffect(() => {
    scene.markers = cashOutMarkers(players, roundId);
  }, [scene, players, roundId]);
  useCrashSocket(round, crash, dispatch);
  const { progress, renderer, onReady, onError } = useCrashStage(scene, clock, round, crash, dispatch);

  const loadRecent = useCallback(() => {
    getCrashRecentGames(30).then(
      (r) => setRecent(r.data),
      () => undefined,
    );
  }, []);
  useEffect(() => {
    if (roundId !== null) dispatch({ type: 'round', roundId });
  }, [roundId]);
  useEffect(() => loadRecent(), [loadRecent]);
  useEffect(() => {
    if (status === 'ended') loadRecent(); // each bust adds a game to the strip
  }, [status, roundId, loadRecent]);

  // the round a result was settled in: its label ("Busted", "Cashed out @ …") clears when the next starts
  const [resultRound, setResultRound] = useState<number | null>(null);
  useEffect(() => {
    if (!result) return;
    setResultRound(round.getSnapshot().context.roundId);
    if (result.win) playSound('cashout');
    if (result.refunded) toast.info(result.note ?? VOIDED_NOTE);
    else if (result.note) toast.error(result.note);
    if (result.balance === null && signedIn) void loadProfile(); // an auto cash-out or a loss: refresh the balance
    setVersion((v) => v + 1);
  }, [result, signedIn, round]);
  const shownResult = result && resultRound === roundId ? result : null;
  useEffect(() => {
    if (error) toast.error(error);
  }, [error]);

  const multiplierNow = useCallback(
    () => crashFlooredAt(roundElapsed(round.getSnapshot().context, clock.now)),
    [round, clock],
  );

  return (
    <section
      className="page crash-page"
      data-crash-page={crashPageOpen(pathname) || undefined}
      data-testid="crash-page"
      data-status={status}
      data-round={roundId ?? ''}
      data-state={state}
    >
      <header className="crash-head">
        <h1>Rocket</h1>
        {user && (
          <p>
            Balance: <strong data-testid="balance">{formatDollars(user.balance)}</strong>
          </p>
        )}
      </header>
      <CrashRecent games={recent} />
      <div className="crash-layout">
        <CrashHud
          state={state}
          status={status}
          autoOn={autoOn}
          riding={bet && bet.roundId === roundId ? bet.amount : null}
          bet={bet}
          clock={clock}
          multiplierNow={multiplierNow}
          onBet={(params) => crash.send({ type: 'BET', params })}
          onCancel={() => crash.send({ type: 'CANCEL' })}
          onCashOut={() => crash.send({ type: 'CASH_OUT' })}
          onAuto={(params, config) => crash.send({ type: 'AUTO_START', params, config })}
          onStopAuto={() => {
            crash.send({ type: 'AUTO_STOP' });
            crash.send({ type: 'CANCEL' });
          }}
        />
        <div className="crash-stage" data-testid="crash-stage" data-renderer={renderer}>
          <PixiStage
            background="#000000"
            style={{ position: 'absolute', inset: 0 }}
            onReady={onReady}
            onError={onError}
          />
          <LoadingBar progress={progress} />
          {!connected && <p className="crash-offline">Connecting to the game server…</p>}
          {voided && (
            <p className="crash-offline" data-testid="crash-voided">
              Round voided after a server outage: every open bet was refunded.
            </p>
          )}
          {shownResult && (
            <p
              className={`crash-result ${shownResult.win ? 'win' : shownResult.refunded ? 'refunded' : 'lose'}`}
              data-testid="crash-result"
            >
              {shownResult.win
                ? `Cashed out @ ${formatMultiplier(shownResult.multiplier!)}: won ${formatDollars(shownResult.payout)}`
                : (shownResult.note ?? 'Busted')}
            </p>
          )}
        </div>
      </div>
      {autoReason && autoReason !== 'stopped' && <p className="muted">Auto bet ended: {autoReason}.</p>}
      {!signedIn && <p className="muted">Sign in to play.</p>}
      <CrashLists
        players={sortedPlayers(players)}
        signedIn={signedIn}
        version={version}
        flying={status === 'ended' ? null : roundId}
      />
      {mode !== 'off' && <DevPanel actors={{ round, crash }} clock={clock} />}
    </section>
  );
}
