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
import { RocketScene } from './rocket.scene.ts';
import { rocketMachine, VOIDED_NOTE, type RocketInput } from './rocket.machine.ts';
import { cashOutMarkers, frameSource } from './rocket-frame.ts';
import { linkRound } from './rocket-link.ts';
import { NO_PLAYERS, playersReducer, sortedPlayers } from './rocket-players.ts';
import { RocketHud } from './rocket-hud.tsx';
import { RocketRecent } from './rocket-recent.tsx';
import { RocketLists } from './rocket-lists.tsx';
import { useRocketSocket, useRocketStage } from './rocket-wiring.ts';
import { crashPageOpen, formatMultiplier } from './rocket-format.ts';
import './rocket.css';

const input = (clock: EngineClock): RocketInput => ({
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
export default function RocketPage() {
  const { pathname } = useLocation();
  const [clock] = useState(() => new EngineClock());
  const [scene] = useState(() => new RocketScene());
  const round = useGameActor(roundMachine, clock, { clock });
  const rocket = useGameActor(rocketMachine, clock, input(clock));
  const [players, dispatch] = useReducer(playersReducer, NO_PLAYERS);
  const [recent, setRecent] = useState<CrashRecentGame[]>([]);
  const [version, setVersion] = useState(0);
  const status = useSelector(round, (s) => s.context.data?.status ?? 'new');
  const roundId = useSelector(round, (s) => s.context.roundId);
  const connected = useSelector(round, (s) => s.context.connected);
  const voided = useSelector(round, (s) => s.context.data?.status === 'ended' && s.context.data.voided === true);
  const state = useSelector(rocket, (s) => String(s.value));
  const autoOn = useSelector(rocket, (s) => s.context.autoOn);
  // placing, riding or cashing out (a bet queued for the next round too): the bonus dialog waits for idle
  useReportBusy(
    'rocket',
    useSelector(rocket, (s) => s.hasTag('busy') || s.hasTag('queued')),
  );
  const autoReason = useSelector(rocket, (s) => s.context.autoReason);
  const bet = useSelector(rocket, (s) => s.context.bet);
  const result = useSelector(rocket, (s) => (s.hasTag('settled') ? s.context.result : null));
  const error = useSelector(rocket, (s) => s.context.error);
  const user = useSession((s) => s.user);
  const signedIn = !!user || !!getCookie('token');
  const mode = inspectMode();

  useEffect(() => {
    scene.source = frameSource(() => round.getSnapshot());
  }, [scene, round]);
  useEffect(() => linkRound(round, rocket), [round, rocket]);
  useEffect(() => {
    scene.markers = cashOutMarkers(players, roundId);
  }, [scene, players, roundId]);
  useRocketSocket(round, rocket, dispatch);
  const { progress, renderer, onReady, onError } = useRocketStage(scene, clock, round, rocket, dispatch);

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
      className="page rocket-page"
      data-crash-page={crashPageOpen(pathname) || undefined}
      data-testid="rocket-page"
      data-status={status}
      data-round={roundId ?? ''}
      data-state={state}
    >
      <header className="rocket-head">
        <h1>Rocket</h1>
        {user && (
          <p>
            Balance: <strong data-testid="balance">{formatDollars(user.balance)}</strong>
          </p>
        )}
      </header>
      <RocketRecent games={recent} />
      <div className="rocket-layout">
        <RocketHud
          state={state}
          status={status}
          autoOn={autoOn}
          riding={bet && bet.roundId === roundId ? bet.amount : null}
          bet={bet}
          clock={clock}
          multiplierNow={multiplierNow}
          onBet={(params) => rocket.send({ type: 'BET', params })}
          onCancel={() => rocket.send({ type: 'CANCEL' })}
          onCashOut={() => rocket.send({ type: 'CASH_OUT' })}
          onAuto={(params, config) => rocket.send({ type: 'AUTO_START', params, config })}
          onStopAuto={() => {
            rocket.send({ type: 'AUTO_STOP' });
            rocket.send({ type: 'CANCEL' });
          }}
        />
        <div className="rocket-stage" data-testid="rocket-stage" data-renderer={renderer}>
          <PixiStage
            background="#000000"
            style={{ position: 'absolute', inset: 0 }}
            onReady={onReady}
            onError={onError}
          />
          <LoadingBar progress={progress} />
          {!connected && <p className="rocket-offline">Connecting to the game server…</p>}
          {voided && (
            <p className="rocket-offline" data-testid="rocket-voided">
              Round voided after a server outage: every open bet was refunded.
            </p>
          )}
          {shownResult && (
            <p
              className={`rocket-result ${shownResult.win ? 'win' : shownResult.refunded ? 'refunded' : 'lose'}`}
              data-testid="rocket-result"
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
      <RocketLists players={sortedPlayers(players)} signedIn={signedIn} version={version} />
      {mode !== 'off' && <DevPanel actors={{ round, rocket }} clock={clock} />}
    </section>
  );
}
