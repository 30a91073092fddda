// /bounce and /plinko: the board (Pixi scene on the engine clock) full width, the HUD under it on a
// phone, seeds and history below; ?inspect adds the clock panel (pause, step, ×0.5/×2, skip).
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { PixiStage } from '../../engine/pixi-stage.tsx';
import { EngineClock } from '../../engine/clock.ts';
import { SceneRunner } from '../../engine/scene.ts';
import type { PixiHost } from '../../engine/pixi-host.ts';
import { initSound } from '../../engine/sound.ts';
import { LoadingBar } from '../../engine/loading-bar.tsx';
import { DevPanel } from '../../engine/dev-panel.tsx';
import { inspectMode } from '../../engine/inspect.ts';
import { getCookie } from '../../lib/cookies.ts';
import { useSession } from '../../stores/session.ts';
import { toast } from '../../components/ui/toaster.tsx';
import { formatDollars } from '../../lib/format.ts';
import { SeedPairPanel } from '../../components/fair/seed-pair-panel.tsx';
import { plinkoTable, type Risk } from '../../../shared/fair/index.ts';
import { PlinkoScene } from './plinko.scene.ts';
import { PlinkoDrops } from './plinko-drops.ts';
import { PlinkoHud } from './plinko-hud.tsx';
import { PlinkoHistory } from './plinko-history.tsx';
import { exposePlinkoDebug } from './plinko-debug.ts';

/** The Bounce page. */
export default function PlinkoPage() {
  const [clock] = useState(() => new EngineClock());
  const [scene] = useState(() => new PlinkoScene());
  const [drops] = useState(() => new PlinkoDrops(scene, clock));
  const state = useSyncExternalStore(drops.subscribe, drops.getState);
  const [rows, setRows] = useState(16);
  const [risk, setRisk] = useState<Risk>('medium');
  const [progress, setProgress] = useState(0);
  const [renderer, setRenderer] = useState('');
  const [version, setVersion] = useState(0);
  const user = useSession((s) => s.user);
  const signedIn = !!user || !!getCookie('token');
  const mode = inspectMode();

  useEffect(() => scene.setBoard(rows, plinkoTable(rows, risk)), [scene, rows, risk]);
  useEffect(() => {
    if (state.error) toast.error(state.error); // spec §8: the error body's msg as a toast
  }, [state.error]);
  useEffect(() => {
    if (state.inFlight === 0 && state.landed.length) setVersion((v) => v + 1);
  }, [state.inFlight, state.landed.length]);
  useEffect(() => () => drops.stopAuto(), [drops]);

  const onReady = useCallback(
    (host: PixiHost) => {
      initSound();
      setRenderer(host.rendererName);
      let stopped = false;
      let runner: SceneRunner | null = null;
      void SceneRunner.start(host, scene, clock, setProgress).then((r) => {
        if (stopped) return r.destroy();
        runner = r;
      });
      const unexpose = exposePlinkoDebug(host, scene, clock);
      return () => {
        stopped = true;
        unexpose();
        runner?.destroy();
      };
    },
    [scene, clock],
  );
  const onError = useCallback(() => setRenderer('unavailable'), []);

  return (
    <section className="page plinko-page">
      <header className="dice-head">
        <h1>Bounce</h1>
        <p>
          Balance: <strong data-testid="balance">{user ? formatDollars(user.balance) : '—'}</strong>
        </p>
      </header>
      <div className="plinko-layout">
        <div
          className="plinko-stage"
          data-testid="plinko-stage"
          data-renderer={renderer}
          data-in-flight={state.inFlight}
        >
          <PixiStage background="#000000" onReady={onReady} onError={onError} />
          <LoadingBar progress={progress} />
        </div>
        <PlinkoHud
          state={state}
          rows={rows}
          risk={risk}
          signedIn={signedIn}
          onRows={setRows}
          onRisk={setRisk}
          onAmount={(a) => drops.setAmount(a)}
          onDrop={() => void drops.drop({ rows, risk })}
          onAuto={(config) => drops.startAuto({ rows, risk }, config)}
          onStopAuto={() => drops.stopAuto()}
        />
      </div>
      {state.error && (
        <p role="alert" className="dice-error">
          {state.error}
        </p>
      )}
      {signedIn ? (
        <SeedPairPanel collapsible className="dice-seeds" version={version} onChange={() => setVersion((v) => v + 1)} />
      ) : (
        <p className="muted">Sign in to play.</p>
      )}
      <PlinkoHistory version={version} signedIn={signedIn} />
      {mode !== 'off' && <DevPanel actors={{}} clock={clock} />}
    </section>
  );
}
