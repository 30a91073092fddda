// /upgrade: mounts the Pixi ring scene, the instant-bet actor on the engine clock, the HUD and
// the history. Guests see the ring and a prompt to log in. ?inspect adds the dev panel.
import { useCallback, useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import { PixiStage } from '../../engine/pixi-stage.tsx';
import { EngineClock } from '../../engine/clock.ts';
import { useGameStage } from '../../engine/use-game-stage.ts';
import { LoadingBar } from '../../engine/loading-bar.tsx';
import { DevPanel } from '../../engine/dev-panel.tsx';
import { inspectMode } from '../../engine/inspect.ts';
import { useGameActor } from '../../engine/use-game-actor.ts';
import { isBusy, isReplaying } from '../../engine/machines/instant-bet.machine.ts';
import { motionMode, useMotion } from '../../engine/motion.ts';
import { playSound } from '../../engine/sound.ts';
import { sessionBetHooks } from '../../lib/session.ts';
import { placeUpgrade } from '../../lib/api/upgrade.ts';
import { getCookie } from '../../lib/cookies.ts';
import { useSession } from '../../stores/session.ts';
import { useReportBusy } from '../../stores/game-busy.ts';
import { useModals } from '../../stores/modals.ts';
import { toast } from '../../components/ui/toaster.tsx';
import { upgradeScript } from '../../../shared/games/upgrade/upgrade.script.ts';
import { UpgradeScene } from './upgrade.scene.ts';
import { upgradeMachine, upgradeRequest, type UpgradeParams, type UpgradeResult } from './upgrade.machine.ts';
import { UpgradeHud } from './upgrade-hud.tsx';
import { UpgradeHistory } from './upgrade-history.tsx';
import { exposeUpgradeDebug } from './upgrade-debug.ts';
import { formatDollars } from '../../lib/format.ts';
import './upgrade.css';

function useUpgradeActor(scene: UpgradeScene, clock: EngineClock) {
  return useGameActor(upgradeMachine, clock, {
    clock,
    placeBet: async (params: UpgradeParams): Promise<UpgradeResult> => {
      playSound('bet');
      const res = await placeUpgrade(upgradeRequest(params));
      const { roll, chance, win } = res.data;
      const script = upgradeScript({ roll, chance, win }, scene.restingNeedle, motionMode(useMotion.getState()));
      return { win, payout: win ? res.data.target.price : 0, upgrade: res.data, balance: res.balance, script };
    },
    durationOf: (r: UpgradeResult) => r.script.durationMs,
    ...sessionBetHooks,
  });
}

/** The upgrade page. */
export default function UpgradePage() {
  const [clock] = useState(() => new EngineClock());
  const [scene] = useState(() => new UpgradeScene());
  const actor = useUpgradeActor(scene, clock);
  const status = useSelector(actor, (s) => String(s.value)); // shown as data-phase for tests
  const busy = useSelector(actor, isBusy);
  const replaying = useSelector(actor, isReplaying);
  useReportBusy('upgrade', busy); // the bonus dialog waits for idle
  const error = useSelector(actor, (s) => s.context.error);
  const last = useSelector(actor, (s) => (s.hasTag('ready') ? s.context.result : null)); // ended
  const [version, setVersion] = useState(0);
  const user = useSession((s) => s.user);
  const signedIn = !!user || !!getCookie('token');
  const mode = inspectMode();
  const { progress, renderer, onReady, onError } = useGameStage(actor, scene, clock, (host) =>
    exposeUpgradeDebug(host, scene, clock),
  );

  useEffect(() => {
    if (error) toast.error(error);
  }, [error]);

  useEffect(() => {
    if (!last) return;
    useSession.getState().applyBalance(last.balance);
    setVersion((v) => v + 1); // the staked items are gone, the prize may be new: reload
  }, [last]);

  const onChance = useCallback((chance: number) => scene.setChance(chance), [scene]);
  const u = last?.upgrade;

  return (
    <section className="page upgrade-page">
      <header className="upgrade-head">
        <h1>Upgrade</h1>
        {user && (
          <p>
            Balance: <strong data-testid="balance">{formatDollars(user.balance)}</strong>
          </p>
        )}
      </header>
      <div className="upgrade-layout">
        <div className="upgrade-stage" data-testid="upgrade-stage" data-renderer={renderer} data-phase={status}>
          <PixiStage background="#0d0e1c" onReady={onReady} onError={onError} />
          <LoadingBar progress={progress} />
          {u && (
            <p
              className={u.win ? 'upgrade-result win' : 'upgrade-result lose'}
              data-testid="upgrade-result"
              aria-live="polite"
            >
              Rolled <strong data-testid="upgrade-roll">{u.roll.toFixed(2)}</strong> against {u.chance.toFixed(2)}% —{' '}
              {u.win ? `upgraded to ${u.target.name} (${formatDollars(u.target.price)})!` : 'the stake is gone.'}
            </p>
          )}
        </div>
        {signedIn ? (
          <UpgradeHud
            busy={busy}
            replaying={replaying}
            version={version}
            onUpgrade={(params) => actor.send({ type: 'BET', params })}
            onSkip={() => actor.send({ type: 'SKIP' })}
            onChance={onChance}
          />
        ) : (
          <div className="upgrade-hud upgrade-guest hud-panel">
            <p>Log in to upgrade your items into better ones.</p>
            <button type="button" className="btn-primary" onClick={() => useModals.getState().show('login', false)}>
              Log in
            </button>
          </div>
        )}
      </div>
      {/* right under the stage: on a phone (in the page flow) the history below never moves it */}
      {mode !== 'off' && <DevPanel actors={{ upgrade: actor }} clock={clock} />}
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      {signedIn && <UpgradeHistory version={version} />}
    </section>
  );
}
