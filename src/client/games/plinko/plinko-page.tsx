// /bounce and /plinko: the board (Pixi scene on the engine clock) full width, drawn from what
// GET /api/plinko/config answers (rows, risks, multiplier tables; "Loading board..." until then),
// the HUD under it on a phone, seeds and history below; ?inspect adds the dev panel (the `plinko`
// actor, its live drops, the clock: pause, step, ×0.5/×2, skip). The page adapts the root actor's context to the HUD.
import { useCallback, useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import { PixiStage } from '../../engine/pixi-stage.tsx';
import { EngineClock } from '../../engine/clock.ts';
import { useSceneStage } from '../../engine/use-scene-stage.ts';
import { useGameActor } from '../../engine/use-game-actor.ts';
import { LoadingBar } from '../../engine/loading-bar.tsx';
import { DevPanel } from '../../engine/dev-panel.tsx';
import { inspectMode } from '../../engine/inspect.ts';
import { sessionBetHooks } from '../../lib/session.ts';
import { getPlinkoConfig, placePlinkoBet } from '../../lib/api/plinko.ts';
import { getCookie } from '../../lib/cookies.ts';
import { useSession } from '../../stores/session.ts';
import { useReportBusy } from '../../stores/game-busy.ts';
import { toast } from '../../components/ui/toaster.tsx';
import { formatDollars } from '../../lib/format.ts';
import { SeedPairPanel } from '../../components/fair/seed-pair-panel.tsx';
import type { Risk } from '../../../shared/fair/index.ts';
import type { PlinkoBet } from '../../../shared/api/plinko.ts';
import { useApiData } from '../../lib/use-api-data.ts';
import { pathBits } from '../../../shared/games/plinko/plinko.outcome.ts';
import { PlinkoScene } from './plinko.scene.ts';
import { plinkoMachine, type DropParams, type DropResult } from './plinko.machine.ts';
import { PlinkoHud } from './plinko-hud.tsx';
import { PlinkoHistory } from './plinko-history.tsx';
import { exposePlinkoDebug } from './plinko-debug.ts';
import { loadTrajectory } from './plinko-physics.ts';
import './plinko.css';

// The server's msg of each ball in the air, by bet id: it tells the result, so it is toasted when the
// ball lands (spec §8: the success toast), never before.
const messages = new Map<number, string>();

/** POST /api/plinko/bet and the ball's trajectory along the returned path. */
async function placeDrop(params: DropParams): Promise<DropResult> {
  const physics = loadTrajectory(); // with the request, not after it
  const res = await placePlinkoBet(params);
  const bet = res.data;
  messages.set(bet.id, res.msg);
  const dropTrajectory = await physics;
  const script = dropTrajectory(bet.rows, pathBits(bet.path), (bet.nonce * 0.6180339887) % 1);
  return { win: bet.multiplier >= 1, payout: bet.payout, bet, script };
}

/** The ball is in its bucket: the server's msg as a toast, and the balance after it (the session's busy
 * flag holds the server's own updates). */
function land(bet: PlinkoBet, amount: number): void {
  const msg = messages.get(bet.id);
  messages.delete(bet.id);
  if (msg) toast.success(msg);
  const { user } = useSession.getState();
  if (!user) return;
  useSession.setState({ user: { ...user, balance: Math.round((user.balance - amount + bet.payout) * 100) / 100 } });
}

function usePlinkoActor(scene: PlinkoScene, clock: EngineClock) {
  return useGameActor(plinkoMachine, clock, {
    clock,
    placeDrop,
    replay: (script, startedAt) => scene.drop(script, startedAt),
    land,
    ...sessionBetHooks,
  });
}

/** The Bounce page. */
export default function PlinkoPage() {
  const [clock] = useState(() => new EngineClock());
  const [scene] = useState(() => new PlinkoScene());
  const actor = usePlinkoActor(scene, clock);
  const state = useSelector(actor, (s) => s.context); // the HUD's DropsState (a new object on each change)
  useReportBusy('plinko', state.inFlight > 0 || state.auto); // balls in the air: the bonus dialog waits
  const [rows, setRows] = useState(16);
  const [risk, setRisk] = useState<Risk>('medium');
  const [version, setVersion] = useState(0);
  const user = useSession((s) => s.user);
  const signedIn = !!user || !!getCookie('token');
  const mode = inspectMode();
  const { progress, renderer, onReady, onError } = useSceneStage(scene, clock, (host) =>
    exposePlinkoDebug(host, scene, clock),
  );

  const config = useApiData(getPlinkoConfig, []);
  const board = config.data?.data ?? null;
  const table = board?.multipliers[risk]?.[String(rows)] ?? null;
  useEffect(() => {
    if (table) scene.setBoard(rows, table);
  }, [scene, rows, table]);
  useEffect(() => {
    if (state.error) toast.error(state.error); // spec §8: the error body's msg as a toast
  }, [state.error]);
  useEffect(() => {
    if (state.inFlight === 0 && state.landed.length) setVersion((v) => v + 1);
  }, [state.inFlight, state.landed.length]);

  const onAmount = useCallback((amount: number) => actor.send({ type: 'SET_AMOUNT', amount }), [actor]);

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
          data-board={table ? `${rows}-${risk}` : undefined}
        >
          <PixiStage background="#000000" onReady={onReady} onError={onError} />
          <LoadingBar progress={progress} />
          {!table && (
            <p className="plinko-board-status" data-testid="plinko-board-status" role="status">
              {config.error && !config.loading ? (
                <>
                  Could not load the board.{' '}
                  <button type="button" className="link-button" onClick={config.reload}>
                    Retry
                  </button>
                </>
              ) : (
                'Loading board...'
              )}
            </p>
          )}
        </div>
        <PlinkoHud
          state={state}
          board={board}
          rows={rows}
          risk={risk}
          signedIn={signedIn}
          onRows={setRows}
          onRisk={setRisk}
          onAmount={onAmount}
          onDrop={() => actor.send({ type: 'DROP', rows, risk })}
          onAuto={(config) => actor.send({ type: 'AUTO_START', rows, risk, config })}
          onStopAuto={() => actor.send({ type: 'AUTO_STOP' })}
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
      {mode !== 'off' && <DevPanel actors={{ plinko: actor }} clock={clock} />}
    </section>
  );
}
