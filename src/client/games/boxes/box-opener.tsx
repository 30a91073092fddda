// The box page's opening controls and reel stage: count 1–5, Open, Try for free, quick open
// (skip) and turbo; the reels pre-spin on click and land on the server's items; then a result
// panel (the won items as cards with their rarity) with keep, sell now and open again. Balance is held (busy) while the reels spin.
// `free` turns it into a free-box opener (Free loot): one reel through the given open call.
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useSelector } from '@xstate/react';
import { PixiStage } from '../../engine/pixi-stage.tsx';
import { EngineClock } from '../../engine/clock.ts';
import { useGameActor } from '../../engine/use-game-actor.ts';
import { useSceneStage } from '../../engine/use-scene-stage.ts';
import { isBusy, isReplaying } from '../../engine/machines/instant-bet.machine.ts';
import { DevPanel } from '../../engine/dev-panel.tsx';
import { inspectMode } from '../../engine/inspect.ts';
import { playSound } from '../../engine/sound.ts';
import { errorText } from '../../lib/api.ts';
import { sessionBetHooks } from '../../lib/session.ts';
import { openBox } from '../../lib/api/boxes.ts';
import { sellItems } from '../../lib/api/inventory.ts';
import { getCookie } from '../../lib/cookies.ts';
import { useSession } from '../../stores/session.ts';
import { useReportBusy } from '../../stores/game-busy.ts';
import { useModals } from '../../stores/modals.ts';
import type { BoxDetail } from '../../../shared/api/boxes.ts';
import { OPEN_LIMITS, type OpenResponse } from '../../../shared/api/box-open.ts';
import { BoxesScene } from './boxes.scene.ts';
import { boxesMachine, type OpenParams, type OpenResult } from './boxes.machine.ts';
import { exposeBoxesDebug } from './boxes-debug.ts';
import './boxes-opener.css';
import { BetButton } from '../../components/hud/bet-button.tsx';
import { HudButton } from '../../components/hud/hud-button.tsx';
import { HudSegmented } from '../../components/hud/hud-select.tsx';
import { HudToggle, MuteToggle } from '../../components/hud/hud-toggle.tsx';
import { capitalize, formatDollars } from '../../lib/format.ts';

/** Engine ms from the answer until the first reel rests (turbo halves it through the clock). */
export const SPIN_MS = 4200;

/** The count picker's choices: ×1 … ×5. */
const COUNTS = Array.from({ length: OPEN_LIMITS.maxCount }, (_, i) => ({ value: i + 1, label: `×${i + 1}` }));

/** The default open call: POST /api/boxes/{slug}/open. */
const paidOpen = (box: BoxDetail, p: OpenParams) => openBox(box.slug, { count: p.count, demo: p.demo });

/** A free-box opener: one reel, the page's open call instead of the paid one, its own button label. */
export interface FreeOpen {
  open: () => Promise<OpenResponse>; // e.g. POST /api/free-boxes/{slug}/open
  label: string; // the open button's text
  disabled?: boolean; // locked or cooling down
  onSettled?: () => void; // the reel has landed
}

function useOpenActor(box: BoxDetail, scene: BoxesScene, clock: EngineClock, free?: FreeOpen) {
  const spins = useRef(0);
  const freeRef = useRef(free);
  freeRef.current = free; // the actor is made once; read the latest open call
  return useGameActor(boxesMachine, clock, {
    clock,
    placeBet: async (p: OpenParams): Promise<OpenResult> => {
      scene.spin(p.count, clock.now, ++spins.current);
      const res = await (freeRef.current ? freeRef.current.open() : paidOpen(box, p));
      const winners = res.data.reels.map((r) => box.items.findIndex((i) => i.id === r.item.id));
      const durationMs = scene.land(winners, clock.now, SPIN_MS);
      const payout = res.data.reels.reduce((a, r) => a + r.item.price, 0);
      return { win: true, payout, demo: res.data.demo, reels: res.data.reels, balance: res.balance, durationMs };
    },
    durationOf: (r: OpenResult) => r.durationMs,
    ...sessionBetHooks,
  });
}

/** Opening controls + reels for one box (`free`: a free-box opening instead of a paid one). */
export default function BoxOpener({ box, free }: { box: BoxDetail; free?: FreeOpen }) {
  const [clock] = useState(() => new EngineClock());
  const [scene] = useState(
    () =>
      new BoxesScene(box.items.map((i) => ({ id: i.id, tickets: i.tickets, img_url: i.img_url, rarity: i.rarity }))),
  );
  const actor = useOpenActor(box, scene, clock, free);
  const status = useSelector(actor, (s) => String(s.value)); // shown as data-phase for tests
  const busy = useSelector(actor, isBusy);
  const replaying = useSelector(actor, isReplaying);
  useReportBusy('boxes', busy); // the bonus dialog waits for idle
  const error = useSelector(actor, (s) => s.context.error);
  const last = useSelector(actor, (s) => (s.hasTag('ready') ? s.context.result : null)); // ended
  const [count, setCount] = useState(1);
  const [turbo, setTurbo] = useState(false);
  const [sold, setSold] = useState<string | null>(null);
  const user = useSession((s) => s.user);
  const signedIn = !!user || !!getCookie('token');
  const show = useModals((s) => s.show);
  const { renderer, onReady, onError } = useSceneStage(scene, clock, (host) =>
    exposeBoxesDebug(host, scene, clock, box),
  );

  useEffect(() => {
    if (!last) return;
    setSold(null);
    if (last.balance !== null) useSession.getState().applyBalance(last.balance);
    if (!scene.muted) playSound('win');
    if (!last.demo) free?.onSettled?.();
    // once per result: `free` is read from this render, not a dependency
  }, [last, scene]);
  useEffect(() => {
    clock.speed = turbo ? 2 : 1;
  }, [turbo, clock]);
  useEffect(() => {
    if (!busy) scene.setCount(count);
  }, [count, busy, scene]);

  const open = (demo: boolean) => {
    if (!demo && !signedIn) return show('login', false);
    playSound('bet');
    actor.send({ type: 'BET', params: { amount: demo || free ? 0 : box.price * count, count, demo } });
  };
  const sell = async () => {
    if (!last) return;
    try {
      const ids = last.reels.map((r) => r.inventory_item_id!).filter(Boolean);
      const res = await sellItems(ids);
      useSession.getState().applyBalance(res.balance);
      setSold(`Sold for ${formatDollars(res.amount)}.`);
    } catch (e) {
      setSold(errorText(e));
    }
  };

  return (
    <div className="box-opener" data-testid="box-opener">
      <div
        className="reel-stage"
        data-testid="reel-stage"
        data-phase={status}
        data-renderer={renderer}
        style={{ '--reels': count } as CSSProperties} // the rows' height is in boxes-opener.css
      >
        <PixiStage background="#0d0e1c" onReady={onReady} onError={onError} />
      </div>
      <div className="open-controls hud-panel">
        {!free && (
          <HudSegmented label="Boxes to open" options={COUNTS} value={count} onChange={setCount} disabled={busy} />
        )}
        <BetButton kind="bet" data-testid="open-button" disabled={busy || !!free?.disabled} onClick={() => open(false)}>
          {free ? (
            free.label
          ) : (
            <>
              Open {count > 1 ? `${count} boxes ` : ''}for {formatDollars(box.price * count)}
            </>
          )}
        </BetButton>
        <div className="hud-row">
          {!free && (
            <HudButton data-testid="demo-button" disabled={busy} onClick={() => open(true)}>
              Try for free
            </HudButton>
          )}
          <HudButton data-testid="skip-button" disabled={!replaying} onClick={() => actor.send({ type: 'SKIP' })}>
            Quick open
          </HudButton>
        </div>
        <div className="hud-toggles">
          <HudToggle label="Turbo" checked={turbo} onChange={setTurbo} />
          <MuteToggle />
        </div>
      </div>
      {error && (
        <p role="alert" className="notice notice-error">
          {error}
        </p>
      )}
      {last && (
        <div className="open-result" data-testid="open-result" aria-live="polite">
          <p className="open-result-title">
            {last.demo ? 'Demo spin — nothing was charged or added' : `You won ${formatDollars(last.payout)}`}
          </p>
          <ul className="won-items">
            {last.reels.map((r) => (
              <li
                key={r.reel}
                className={`item-tile won-item rarity-${r.item.rarity}`}
                data-testid="won-item"
                data-item-id={r.item.id}
                data-rarity={r.item.rarity}
              >
                <img src={r.item.img_url} alt="" width={72} height={72} />
                <span className="item-name">{r.item.name}</span>
                <span className="item-rarity">{capitalize(r.item.rarity)}</span>
                <span className="item-price">{formatDollars(r.item.price)}</span>
              </li>
            ))}
          </ul>
          {!last.demo && !sold && (
            <div className="result-actions">
              <HudButton data-testid="keep-button" onClick={() => setSold('Kept in your inventory.')}>
                Keep
              </HudButton>
              <HudButton data-testid="sell-button" onClick={() => void sell()}>
                Sell now for {formatDollars(last.reels.reduce((a, r) => a + r.item.sale_price, 0))}
              </HudButton>
            </div>
          )}
          {sold && <p data-testid="sell-status">{sold}</p>}
          {!free && (
            <div className="result-actions">
              <HudButton data-testid="again-button" onClick={() => open(last.demo)}>
                Open again
              </HudButton>
            </div>
          )}
          {!last.demo && (
            <p className="muted">
              Nonces {last.reels.map((r) => r.nonce).join(', ')} · server seed hash{' '}
              {last.reels[0]?.server_seed_hash.slice(0, 12)}…
            </p>
          )}
        </div>
      )}
      {inspectMode() !== 'off' && <DevPanel actors={{ boxes: actor }} clock={clock} />}
    </div>
  );
}
