// /dice: mounts the Pixi host with the dice scene, the instant-bet actor on the engine clock,
// the HUD, seeds and history; ?inspect adds the dev panel (and the Stately inspector).
import { memo, useCallback, useEffect, useState } from 'react';
import { PixiStage } from '../../engine/pixi-stage.tsx';
import { EngineClock } from '../../engine/clock.ts';
import { useGameStage } from '../../engine/use-game-stage.ts';
import { LoadingBar } from '../../engine/loading-bar.tsx';
import { DevPanel } from '../../engine/dev-panel.tsx';
import { inspectMode } from '../../engine/inspect.ts';
import { useGameActor } from '../../engine/use-game-actor.ts';
import { useActorSelection } from '../../engine/use-actor-selection.ts';
import { motionMode, useMotion } from '../../engine/motion.ts';
import { sessionBetHooks } from '../../lib/session.ts';
import { placeDiceBet } from '../../lib/api/dice.ts';
import { getCookie } from '../../lib/cookies.ts';
import { useSession } from '../../stores/session.ts';
import { useReportBusy } from '../../stores/game-busy.ts';
import { diceOutcomeFromBet } from '../../../shared/games/dice/dice.outcome.ts';
import { diceScript } from '../../../shared/games/dice/dice.script.ts';
import type { DiceDirection } from '../../../shared/fair/index.ts';
import type { AutoConfig } from '../../engine/machines/auto-bet.machine.ts';
import { isBusy, isReplaying } from '../../engine/machines/instant-bet.machine.ts';
import { DiceScene } from './dice.scene.ts';
import { diceMachine, type DiceParams, type DiceResult } from './dice.machine.ts';
import { DiceHud } from './dice-hud.tsx';
import { DiceHistory } from './dice-history.tsx';
import { SeedPairPanel } from '../../components/fair/seed-pair-panel.tsx';
import { exposeDiceDebug } from './dice-debug.ts';
import { toast } from '../../components/ui/toaster.tsx';
import { formatDollars } from '../../lib/format.ts';

// re-rendered only when their props change, not at each step of the machine
const Hud = memo(DiceHud);
const History = memo(DiceHistory);
const SeedPanel = memo(SeedPairPanel);

function useDiceActor(scene: DiceScene, clock: EngineClock) {
  return useGameActor(diceMachine, clock, {
    clock,
    placeBet: async (params: DiceParams): Promise<DiceResult> => {
      const res = await placeDiceBet(params);
      const script = diceScript(diceOutcomeFromBet(res.data), scene.restingMarker, motionMode(useMotion.getState()));
      return { win: res.data.win, payout: res.data.payout, bet: res.data, balance: res.balance, script };
    },
    durationOf: (r: DiceResult) => r.script.durationMs,
    ...sessionBetHooks,
  });
}

/** The dice page. */
export default function DicePage() {
  const [clock] = useState(() => new EngineClock());
  const [scene] = useState(() => new DiceScene());
  const actor = useDiceActor(scene, clock);
  // read in transitions: a roll settles inside an animation frame, React renders after it
  const status = useActorSelection(actor, (s) => String(s.value)); // shown as data-phase for tests
  const busy = useActorSelection(actor, isBusy);
  const replaying = useActorSelection(actor, isReplaying);
  const error = useActorSelection(actor, (s) => s.context.error);
  useEffect(() => {
    if (error) toast.error(error); // spec §8: errors appear as toasts (also kept inline under the HUD)
  }, [error]);
  const autoOn = useActorSelection(actor, (s) => s.context.autoOn);
  const autoReason = useActorSelection(actor, (s) => s.context.autoReason);
  useReportBusy('dice', busy || autoOn); // the bonus dialog waits for idle
  const last = useActorSelection(actor, (s) => (s.hasTag('ready') ? s.context.result : null)); // ended
  const [version, setVersion] = useState(0);
  const [balance, setBalance] = useState<number | null>(null);
  const user = useSession((s) => s.user);
  const signedIn = !!user || !!getCookie('token');
  const mode = inspectMode();
  const { progress, renderer, onReady, onError } = useGameStage(actor, scene, clock, (host) =>
    exposeDiceDebug(host, scene, clock, actor),
  );

  useEffect(() => {
    if (!last) return;
    setBalance(last.balance);
    useSession.getState().applyBalance(last.balance);
    setVersion((v) => v + 1);
  }, [last]);

  const onChange = useCallback((target: number, direction: DiceDirection) => scene.setBet(target, direction), [scene]);
  const onBet = useCallback((params: DiceParams) => actor.send({ type: 'BET', params }), [actor]);
  const onAuto = useCallback(
    (params: DiceParams, config: AutoConfig) => actor.send({ type: 'AUTO_START', params, config }),
    [actor],
  );
  const onStopAuto = useCallback(() => actor.send({ type: 'AUTO_STOP' }), [actor]);
  const onSkip = useCallback(() => actor.send({ type: 'SKIP' }), [actor]);
  const onSeedsChange = useCallback(() => setVersion((v) => v + 1), []);
  const shown = user?.balance ?? balance;

  return (
    <section className="page dice-page">
      <header className="dice-head">
        <h1>Dice</h1>
        <p>
          Balance: <strong data-testid="balance">{shown === null ? '—' : formatDollars(shown)}</strong>
        </p>
      </header>
      <div className="dice-layout">
        <Hud
          busy={busy}
          replaying={replaying}
          autoOn={autoOn}
          onBet={onBet}
          onAuto={onAuto}
          onStopAuto={onStopAuto}
          onSkip={onSkip}
          onChange={onChange}
        />
        <div className="dice-stage" data-testid="dice-stage" data-renderer={renderer} data-phase={status}>
          <PixiStage background="#0d0e1c" onReady={onReady} onError={onError} />
          <LoadingBar progress={progress} />
          {last && (
            <p
              className={last.win ? 'dice-result win' : 'dice-result lose'}
              data-testid="dice-result"
              aria-live="polite"
            >
              Rolled <strong data-testid="dice-roll">{last.bet.roll.toFixed(2)}</strong> —{' '}
              {last.win ? `won ${formatDollars(last.payout)}` : 'lost'}
            </p>
          )}
        </div>
      </div>
      {/* right under the stage: on a phone (in the page flow) the live lists below never move it */}
      {mode !== 'off' && <DevPanel actors={{ dice: actor }} clock={clock} />}
      {error && (
        <p role="alert" className="dice-error">
          {error}
        </p>
      )}
      {autoReason && autoReason !== 'stopped' && <p className="muted">Auto bet ended: {autoReason}.</p>}
      {signedIn ? (
        <SeedPanel collapsible className="dice-seeds" version={version} onChange={onSeedsChange} />
      ) : (
        <p className="muted">Sign in to play.</p>
      )}
      <History version={version} signedIn={signedIn} />
    </section>
  );
}
