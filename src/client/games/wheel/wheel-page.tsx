// /wheel: the Crazy Wheel. The round machine (engine/machines/round.machine.ts, Rocket's too) is
// fed by the /wheel socket; the Pixi wheel (drawn from GET /api/wheel/config) draws what
// wheel.view.ts makes of its snapshot at engine time: it spins while the round is in progress and
// lands on the server's segment once the round has ended (a landing still travelling when the next
// round arrives lands at once; the result stays until the next spin). The countdown is engine time
// too. Amount, four bet panels, the history strip, recent bets and top payouts; ?inspect adds the
// dev panel with the engine clock.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useSelector } from '@xstate/react';
import { PixiStage } from '../../engine/pixi-stage.tsx';
import { EngineClock } from '../../engine/clock.ts';
import { LoadingBar } from '../../engine/loading-bar.tsx';
import { DevPanel } from '../../engine/dev-panel.tsx';
import { inspectMode } from '../../engine/inspect.ts';
import { useGameActor } from '../../engine/use-game-actor.ts';
import { roundMachine } from '../../engine/machines/round.machine.ts';
import { playSound } from '../../engine/sound.ts';
import { errorText } from '../../lib/api.ts';
import { cancelWheelBet, getWheelConfig, placeWheelBet } from '../../lib/api/wheel.ts';
import { getCookie } from '../../lib/cookies.ts';
import { formatDollars } from '../../lib/format.ts';
import { useApiData } from '../../lib/use-api-data.ts';
import { useSession } from '../../stores/session.ts';
import { useReportBusy } from '../../stores/game-busy.ts';
import { toast } from '../../components/ui/toaster.tsx';
import { WHEEL_LIMITS } from '../../../shared/api/wheel.ts';
import { amountCents, betAmountError, betLimits } from '../../../shared/games/bet-amount.ts';
import { AmountField } from '../../components/hud/amount-field.tsx';
import { MuteToggle } from '../../components/hud/hud-toggle.tsx';
import type { WheelColor } from '../../../shared/games/wheel/wheel.layout.ts';
import { WheelScene } from './wheel.scene.ts';
import { mergeBet, useWheelRound, type PanelBet } from './use-wheel-round.ts';
import { myBetsOf, useWheelStage, useWheelView } from './wheel-wiring.ts';
import { WheelPanels } from './wheel-panels.tsx';
import { WheelHistory } from './wheel-history.tsx';
import { WheelRecentBets, WheelTopPayouts } from './wheel-boards.tsx';
import { WheelMyBets } from './wheel-my-bets.tsx';
import './wheel.css';

const LIMITS = betLimits(WHEEL_LIMITS);

/** The wheel page. */
export default function WheelPage() {
  const [clock] = useState(() => new EngineClock());
  const [scene] = useState(() => new WheelScene());
  const actor = useGameActor(roundMachine, clock, { clock });
  const status = useSelector(actor, (s) => s.context.data?.status ?? 'connecting');
  const roundId = useSelector(actor, (s) => s.context.roundId);
  const betting = useSelector(actor, (s) => s.hasTag('betting'));
  const { bets, setBets, history } = useWheelRound(actor);
  const config = useApiData(getWheelConfig, []).data?.data ?? null;
  const user = useSession((s) => s.user);
  const signedIn = !!user || !!getCookie('token');
  const [amount, setAmount] = useState('1.00');
  const betsRef = useRef<PanelBet[]>(bets.list);
  betsRef.current = bets.list;
  const frame = useWheelView(scene, clock, actor, betsRef);
  const { progress, renderer, onReady, onError } = useWheelStage(scene, clock, actor);
  // my bets of the last round I bet in, as the list last showed them (won/lost included): the list
  // moves on to the next round when it opens, which may come before a slow landing has finished
  const [lastMine, setLastMine] = useState<{ roundId: number; list: PanelBet[] }>({ roundId: 0, list: [] });
  useEffect(() => {
    const mine = myBetsOf(bets.list, bets.roundId);
    // a cancel empties it; a new round without my bets leaves the last one's
    setLastMine((last) =>
      mine.length || last.roundId === bets.roundId ? { roundId: bets.roundId, list: mine } : last,
    );
  }, [bets, user]);
  const mode = inspectMode();

  useEffect(() => {
    if (config) scene.setLayout(config.segments);
  }, [config, scene]);

  // the spin starts: its sound, and balance notifications held until the wheel has landed (spec §4 busy flag)
  const spinning = frame.phase === 'spinning' ? frame.roundId : null;
  useEffect(() => {
    if (spinning === null) return;
    playSound('roll');
    if (myBetsOf(betsRef.current, spinning).length) useSession.getState().setBusy(true);
  }, [spinning]);
  const landedId = frame.result?.id ?? null;
  useEffect(() => {
    if (landedId !== null) useSession.getState().setBusy(false);
  }, [landedId]);
  useEffect(() => () => useSession.getState().setBusy(false), []);

  const place = async (color: WheelColor) => {
    try {
      const res = await placeWheelBet({
        amount: (amountCents(amount) ?? 0) / 100,
        color,
      });
      useSession.getState().applyBalance(res.balance);
      setBets((b) => (b.roundId === res.data.round_id ? { ...b, list: mergeBet(b.list, res.data as PanelBet) } : b));
      playSound('bet');
      toast.success(res.msg); // spec §8: the server's msg as the success toast
    } catch (e) {
      toast.error(errorText(e));
    }
  };
  const cancel = async (id: number) => {
    try {
      const res = await cancelWheelBet(id);
      useSession.getState().applyBalance(res.balance);
      setBets((b) => ({ ...b, list: mergeBet(b.list, res.data as PanelBet) }));
      toast.success(res.msg);
    } catch (e) {
      toast.error(errorText(e));
    }
  };
  const amountOk = !betAmountError(amount, LIMITS);

  const ended = frame.result;
  const myBets = ended && lastMine.roundId === ended.id ? lastMine.list : [];
  const myPayout = myBets.reduce((a, b) => a + (b.status === 'won' ? (b.payout ?? 0) : 0), 0);
  // my bets ride this round until the wheel has landed on it: the bonus dialog waits for idle
  useReportBusy('wheel', myBetsOf(bets.list, bets.roundId).length > 0 && ended?.id !== bets.roundId);

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
        data-round={roundId ?? undefined}
        data-landed-round={ended?.id}
        data-landed-segment={ended?.segment}
      >
        <PixiStage background="#000000" onReady={onReady} onError={onError} />
        <LoadingBar progress={progress} />
        <div className="wheel-hub" data-testid="wheel-hub">
          <p className="wheel-status" data-testid="wheel-status" aria-live="polite">
            {frame.label}
          </p>
          {ended && (
            <p className={`wheel-result wheel-${ended.color}`} data-testid="wheel-result" data-segment={ended.segment}>
              {ended.color} ×{ended.multiplier}
              {myBets.length > 0 && (
                <strong data-testid="my-payout">
                  {myPayout > 0 ? `You won ${formatDollars(myPayout)}` : 'No win this time'}
                </strong>
              )}
            </p>
          )}
        </div>
      </div>
      <div className="wheel-amount">
        <AmountField value={amount} limits={LIMITS} onChange={setAmount} testId="wheel-amount" />
        {config && (
          <span className="muted">
            {formatDollars(config.min_bet)}–{formatDollars(config.max_bet)}, max payout{' '}
            {formatDollars(config.max_payout)}
          </span>
        )}
        <MuteToggle />
      </div>
      {!signedIn && <p className="muted">Sign in to play.</p>}
      {config && (
        <WheelPanels
          bets={bets.list}
          payouts={config.payouts}
          userId={user?.id ?? null}
          canBet={signedIn && betting}
          amountOk={amountOk}
          winner={ended && ended.id === bets.roundId ? (ended.color ?? null) : null}
          onBet={(c) => void place(c)}
          onCancel={(id) => void cancel(id)}
        />
      )}
      <WheelHistory items={history} />
      <div className="wheel-boards">
        <WheelRecentBets roundId={bets.roundId} live={bets.list} />
        <WheelTopPayouts version={landedId ?? 0} />
        {signedIn && <WheelMyBets version={landedId ?? 0} />}
      </div>
      {mode !== 'off' && <DevPanel actors={{ round: actor }} clock={clock} />}
    </section>
  );
}
