// /wheel: the Crazy Wheel. The Pixi wheel (drawn from GET /api/wheel/config) follows the round
// machine fed by the /wheel socket: it spins while the round is in progress and lands on the
// server's segment once the round has ended (a landing still travelling when the next round's status
// arrives lands at once; the result stays until the next spin). Amount, four bet panels, the history strip; ?inspect
// adds the dev panel with the engine clock.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useSelector } from '@xstate/react';
import { PixiStage } from '../../engine/pixi-stage.tsx';
import { EngineClock } from '../../engine/clock.ts';
import { SceneRunner } from '../../engine/scene.ts';
import { LoadingBar } from '../../engine/loading-bar.tsx';
import { DevPanel } from '../../engine/dev-panel.tsx';
import { inspectMode } from '../../engine/inspect.ts';
import { useGameActor } from '../../engine/use-game-actor.ts';
import { motionMode, useMotion } from '../../engine/motion.ts';
import { initSound, playSound } from '../../engine/sound.ts';
import type { PixiHost } from '../../engine/pixi-host.ts';
import { api, errorText } from '../../lib/api.ts';
import { getCookie } from '../../lib/cookies.ts';
import { formatDollars } from '../../lib/format.ts';
import { useApiData } from '../../lib/use-api-data.ts';
import { useSession } from '../../stores/session.ts';
import { toast } from '../../components/ui/toaster.tsx';
import { WHEEL_LIMITS, type WheelBet } from '../../../shared/api/wheel.ts';
import { amountCents, betAmountError, betLimits } from '../../../shared/games/bet-amount.ts';
import { AmountField } from '../../components/hud/amount-field.tsx';
import type { WheelGameEvent } from '../../../shared/api/rounds.ts';
import type { WheelColor } from '../../../shared/games/wheel/wheel.layout.ts';
import { wheelOutcomeFromSegment } from '../../../shared/games/wheel/wheel.outcome.ts';
import { wheelLandScript } from '../../../shared/games/wheel/wheel.script.ts';
import { WheelScene } from './wheel.scene.ts';
import { wheelMachine } from './wheel.machine.ts';
import { mergeBet, useWheelRound, type PanelBet } from './use-wheel-round.ts';
import { WheelPanels } from './wheel-panels.tsx';
import { WheelHistory } from './wheel-history.tsx';
import { exposeWheelDebug } from './wheel-debug.ts';
import './wheel.css';

const LIMITS = betLimits(WHEEL_LIMITS);

interface WheelConfig {
  segments: WheelColor[];
  payouts: Record<WheelColor, number>;
  min_bet: number;
  max_bet: number;
  max_payout: number;
}

/** Seconds left in the betting window, updated ten times a second while starting. */
function useCountdown(endsAt: number | undefined, skewMs: number): number | null {
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (endsAt === undefined) return setLeft(null);
    const update = () => setLeft(Math.max(0, (endsAt - (Date.now() + skewMs)) / 1000));
    update();
    const id = setInterval(update, 100);
    return () => clearInterval(id);
  }, [endsAt, skewMs]);
  return left;
}

/** The wheel page. */
export default function WheelPage() {
  const [clock] = useState(() => new EngineClock());
  const [scene] = useState(() => new WheelScene());
  const actor = useGameActor(wheelMachine, clock, { clock });
  const status = useSelector(actor, (s) => String(s.value));
  const round = useSelector(actor, (s) => s.context.round);
  const skewMs = useSelector(actor, (s) => s.context.skewMs);
  const { bets, setBets, history } = useWheelRound(actor);
  const config = useApiData<{ data: WheelConfig }>('/api/wheel/config').data?.data ?? null;
  const user = useSession((s) => s.user);
  const signedIn = !!user || !!getCookie('token');
  const [amount, setAmount] = useState('1.00');
  // the last round the wheel has landed on: shown until the next spin (a landing that ran late
  // finishes when the next round's status arrives, so it may show while the next round is starting)
  const [result, setResult] = useState<{ round: WheelGameEvent; mine: PanelBet[] } | null>(null);
  const [progress, setProgress] = useState(0);
  const [renderer, setRenderer] = useState('');
  const betsRef = useRef(bets);
  betsRef.current = bets;
  const mode = inspectMode();
  const countdown = useCountdown(status === 'starting' ? round?.betting_ends_at : undefined, skewMs);

  useEffect(() => {
    if (config) scene.setLayout(config.segments);
  }, [config, scene]);

  // drive the scene from the machine: spin on in_progress, land (or show at rest) on ended
  useEffect(() => {
    let last = '';
    const sub = actor.subscribe((snap) => {
      const { round: r, since, spun } = snap.context;
      if (!r) return;
      const key = `${r.id}:${r.status}`;
      if (key === last) return;
      last = key;
      const me = useSession.getState().user?.id;
      const myBetsOf = (id: number) => betsRef.current.list.filter((b) => b.user.id === me && b.round_id === id);
      if (r.status !== 'ended') scene.settle(); // a landing still travelling lands now
      if (r.status === 'in_progress') {
        setResult(null);
        scene.spin(since);
        playSound('roll');
        // hold balance notifications until the wheel has landed (spec §4 busy flag)
        if (betsRef.current.list.some((b) => b.user.id === me)) useSession.getState().setBusy(true);
      } else if (r.status === 'ended' && r.segment !== undefined) {
        const outcome = wheelOutcomeFromSegment(r.segment);
        if (!spun) {
          scene.rest(r.segment, r.id);
          setResult({ round: r, mine: myBetsOf(r.id) });
          return;
        }
        const mine = myBetsOf(r.id);
        const won = mine.length ? mine.some((b) => b.color === outcome.color) : null;
        const { angle, speed } = scene.motionNow();
        scene.land(wheelLandScript(outcome, r.id, angle, speed, motionMode(useMotion.getState()), won), since);
        scene.onLanded = () => {
          setResult({ round: r, mine: myBetsOf(r.id) });
          useSession.getState().setBusy(false);
        };
      }
    });
    return () => {
      sub.unsubscribe();
      scene.onLanded = null;
      useSession.getState().setBusy(false);
    };
  }, [actor, scene]);

  const onReady = useCallback(
    (host: PixiHost) => {
      initSound();
      setRenderer(host.rendererName);
      let runner: SceneRunner | null = null;
      let stopped = false;
      void SceneRunner.start(host, scene, clock, setProgress).then((r) => (stopped ? r.destroy() : (runner = r)));
      const unexpose = exposeWheelDebug(host, scene, actor);
      return () => {
        stopped = true;
        unexpose();
        runner?.destroy();
      };
    },
    [scene, clock, actor],
  );

  const place = async (color: WheelColor) => {
    try {
      const res = await api<{ data: WheelBet; balance: number }>('POST', '/api/wheel/bet', {
        amount: (amountCents(amount) ?? 0) / 100,
        color,
      });
      useSession.getState().applyBalance(res.balance);
      setBets((b) => (b.roundId === res.data.round_id ? { ...b, list: mergeBet(b.list, res.data as PanelBet) } : b));
      playSound('bet');
    } catch (e) {
      toast.error(errorText(e));
    }
  };
  const cancel = async (id: number) => {
    try {
      const res = await api<{ data: WheelBet; balance: number }>('POST', `/api/wheel/bet/${id}/cancel`);
      useSession.getState().applyBalance(res.balance);
      setBets((b) => ({ ...b, list: mergeBet(b.list, res.data as PanelBet) }));
    } catch (e) {
      toast.error(errorText(e));
    }
  };
  const amountOk = !betAmountError(amount, LIMITS);

  const ended = result?.round.segment !== undefined ? result.round : null;
  const myBets = result?.mine ?? [];
  const myPayout = myBets.reduce((a, b) => a + (b.status === 'won' ? (b.payout ?? 0) : 0), 0);
  const statusText =
    status === 'starting'
      ? `Bets close in ${(countdown ?? 0).toFixed(1)} s`
      : status === 'pending'
        ? 'Bets closed'
        : status === 'in_progress' || (status === 'ended' && ended?.id !== round?.id)
          ? 'Spinning…'
          : ended
            ? `Landed on ${ended.color} ×${ended.multiplier}`
            : status === 'connecting'
              ? 'Connecting…'
              : 'Next round…';

  return (
    <section className="page wheel-page">
      <header className="wheel-head">
        <h1>Crazy Wheel</h1>
        <p>
          Balance: <strong data-testid="balance">{user ? formatDollars(user.balance) : '—'}</strong>
        </p>
        <Link to="/wheel/provably-fair">Provably fair</Link>
      </header>
      <div
        className="wheel-stage"
        data-testid="wheel-stage"
        data-renderer={renderer}
        data-status={status}
        data-round={round?.id}
        data-landed-round={ended?.id}
        data-landed-segment={ended?.segment}
      >
        <PixiStage background="#000000" onReady={onReady} onError={() => setRenderer('unavailable')} />
        <LoadingBar progress={progress} />
        <p className="wheel-status" data-testid="wheel-status" aria-live="polite">
          {statusText}
        </p>
        {ended && (
          <p className={`wheel-result wheel-${ended.color}`} data-testid="wheel-result" data-segment={ended.segment}>
            {ended.color} ×{ended.multiplier}
            {myBets.length > 0 && (
              <strong data-testid="my-payout">
                {myPayout > 0 ? ` — you won ${formatDollars(myPayout)}` : ' — no win this time'}
              </strong>
            )}
          </p>
        )}
      </div>
      <div className="wheel-amount">
        <AmountField value={amount} limits={LIMITS} onChange={setAmount} testId="wheel-amount" />
        {config && (
          <span className="muted">
            {formatDollars(config.min_bet)}–{formatDollars(config.max_bet)}, max payout{' '}
            {formatDollars(config.max_payout)}
          </span>
        )}
      </div>
      {!signedIn && <p className="muted">Sign in to play.</p>}
      {config && (
        <WheelPanels
          bets={bets.list}
          payouts={config.payouts}
          userId={user?.id ?? null}
          canBet={signedIn && status === 'starting'}
          amountOk={amountOk}
          winner={ended && ended.id === bets.roundId ? (ended.color ?? null) : null}
          onBet={(c) => void place(c)}
          onCancel={(id) => void cancel(id)}
        />
      )}
      <WheelHistory items={history} />
      {mode !== 'off' && <DevPanel actors={{ wheel: actor }} clock={clock} />}
    </section>
  );
}
