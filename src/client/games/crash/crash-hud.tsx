// The Rocket controls: amount with ½ and 2×, auto cash-out (≥ 1.01, 2 decimals), one button that
// reads Bet / Cancel queued bet / Cash out @ $x (live), manual and auto-bet tabs (count, change the
// amount by % on win and on loss, stop on profit / loss), and the Mute box of the one sound store.
// Space presses that one button (bet, cancel, cash out, stop), except while typing in a field.
import { useEffect, useRef, useState } from 'react';
import { CRASH_LIMITS } from '../../../shared/api/crash.ts';
import { amountCents, betAmountError, betLimits } from '../../../shared/games/bet-amount.ts';
import { AmountField } from '../../components/hud/amount-field.tsx';
import { AUTO_BET_START, AutoBetForm, autoBetErrors, autoBetNumbers } from '../../components/hud/auto-bet-form.tsx';
import { BetButton, type BetButtonKind } from '../../components/hud/bet-button.tsx';
import { HudInput } from '../../components/hud/hud-input.tsx';
import { HudTabs } from '../../components/hud/hud-tabs.tsx';
import { MuteToggle } from '../../components/hud/hud-toggle.tsx';
import type { AutoConfig } from '../../engine/machines/auto-bet.machine.ts';
import type { RoundStatus } from '../../engine/machines/round.machine.ts';
import type { EngineClock } from '../../engine/clock.ts';
import { formatDollars } from '../../lib/format.ts';
import { payoutOf } from './crash-format.ts';
import type { CrashBet, CrashParams } from './crash.machine.ts';

/** Props from the page. */
export interface CrashHudProps {
  state: string; // rocket machine state
  status: RoundStatus; // round status
  autoOn: boolean;
  riding: number | null; // the amount riding now
  bet: CrashBet | null; // the player's latest bet (placed here, or adopted from the server)
  clock: EngineClock;
  multiplierNow(): number; // the live multiplier (floored)
  onBet(params: CrashParams): void;
  onCancel(): void;
  onCashOut(): void;
  onAuto(params: CrashParams, config: AutoConfig): void;
  onStopAuto(): void;
}

const LIMITS = betLimits(CRASH_LIMITS);
const TABS = [
  { value: 'manual', label: 'Manual' },
  { value: 'auto', label: 'Auto' },
] as const;
const num = (s: string) => (s.trim() === '' ? null : Number(s));
const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

/** The amount's error, or null. */
export function amountError(text: string): string | null {
  return betAmountError(text, LIMITS);
}

/** The auto cash-out's error (empty = none), or null. */
export function autoCashoutError(text: string): string | null {
  const v = num(text);
  if (v === null) return null;
  if (!Number.isFinite(v) || v < CRASH_LIMITS.minAutoCashout || v > CRASH_LIMITS.maxAutoCashout || !twoDecimals(v))
    return `Auto cash-out from ${CRASH_LIMITS.minAutoCashout.toFixed(2)}× with 2 decimals`;
  return null;
}

/** The live "Cash out @ $x" text, refreshed ~10 times a second from the engine clock. */
function CashOutText({
  clock,
  amount,
  multiplierNow,
}: {
  clock: EngineClock;
  amount: number;
  multiplierNow(): number;
}) {
  const [text, setText] = useState(() => formatDollars(payoutOf(amount, multiplierNow())));
  useEffect(() => {
    let last = -Infinity;
    return clock.subscribe((now) => {
      if (now - last < 100) return;
      last = now;
      setText(formatDollars(payoutOf(amount, multiplierNow())));
    });
  }, [clock, amount, multiplierNow]);
  return <span data-testid="cashout-amount">{text}</span>;
}

/** Ms the Bet button stays disabled after a bet settles, so a late "Cash out" click never bets again. */
export const SETTLE_COOLDOWN_MS = 800;

function useSettleCooldown(state: string, clock: EngineClock): boolean {
  const [cooling, setCooling] = useState(false);
  useEffect(() => {
    if (state !== 'won' && state !== 'lost') return;
    setCooling(true);
    const id = clock.setTimeout(() => setCooling(false), SETTLE_COOLDOWN_MS); // engine time, like the round
    return () => clock.clearTimeout(id);
  }, [state, clock]);
  return cooling;
}

/** Shows a bet's amount and auto cash-out in the fields when a new bet rides (one from a reload or
 * another tab too: the player sees what rides and at which target it cashes out). */
function useBetFields(bet: CrashBet | null, setAmount: (v: string) => void, setTarget: (v: string) => void) {
  const [shown, setShown] = useState<number | null>(null);
  if (bet && bet.id !== shown) {
    // set during render (React's "adjusting state when a prop changes"): once per bet
    setShown(bet.id);
    setAmount(bet.amount.toFixed(2));
    setTarget(bet.autoCashout === null ? '' : bet.autoCashout.toFixed(2));
  }
}

/** True when a key pressed on `target` belongs to it: a field being typed in, or a control Space presses itself. */
export function keyBelongsTo(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || !!target.closest('input, textarea, select, button, [role="button"], [role="tab"]');
}

/** Space on the page runs `act()` (the HUD's main button), unless the key belongs to a focused control. */
function useSpaceKey(act: () => (() => void) | undefined) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.code !== 'Space' || e.repeat || e.altKey || e.ctrlKey || e.metaKey || keyBelongsTo(e.target)) return;
      e.preventDefault(); // no page scroll
      act()?.();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [act]);
}

/** The HUD. */
export function CrashHud(props: CrashHudProps) {
  const { state, status, autoOn, riding, clock, multiplierNow } = props;
  const [tab, setTab] = useState<'manual' | 'auto'>('manual');
  const [amount, setAmount] = useState('1.00');
  const [target, setTarget] = useState('');
  const [auto, setAuto] = useState(AUTO_BET_START);
  useBetFields(props.bet, setAmount, setTarget);
  const cashoutError = autoCashoutError(target);
  const error = amountError(amount) ?? cashoutError ?? (tab === 'auto' ? Object.values(autoBetErrors(auto))[0] : null);
  const cooling = useSettleCooldown(state, clock);
  const params = (): CrashParams => ({ amount: (amountCents(amount) ?? 0) / 100, autoCashout: num(target) });
  const config = (): AutoConfig => ({ baseAmount: params().amount, ...autoBetNumbers(auto) });

  const live = status === 'in_progress' && (state === 'placed' || state === 'cashing');
  let button: { text: React.ReactNode; act?: () => void; kind: BetButtonKind };
  if (autoOn && !live) button = { text: 'Stop auto bet', act: props.onStopAuto, kind: 'stop' };
  else if (state === 'queued') button = { text: 'Cancel queued bet', act: props.onCancel, kind: 'cancel' };
  else if (state === 'placing') button = { text: 'Placing bet…', kind: 'wait' };
  else if (state === 'cashing') button = { text: 'Cashing out…', kind: 'wait' };
  else if (live && riding !== null)
    button = {
      text: (
        <>
          Cash out @ <CashOutText clock={clock} amount={riding} multiplierNow={multiplierNow} />
        </>
      ),
      act: props.onCashOut,
      kind: 'cashout',
    };
  else if (state === 'placed') button = { text: 'Bet placed — waiting for launch', kind: 'wait' };
  else
    button = {
      text: status === 'starting' ? 'Bet' : 'Bet (next round)',
      act:
        error || cooling
          ? undefined
          : () => (tab === 'auto' ? props.onAuto(params(), config()) : props.onBet(params())),
      kind: 'bet',
    };

  const act = useRef(button.act);
  act.current = button.act;
  const [readAct] = useState(() => () => act.current);
  useSpaceKey(readAct);

  const editing = state === 'idle' || state === 'won' || state === 'lost';
  return (
    <div className="crash-hud hud-panel" data-testid="crash-hud">
      <HudTabs tabs={TABS} value={tab} onChange={setTab} disabled={autoOn} />
      <AmountField
        value={amount}
        limits={LIMITS}
        onChange={setAmount}
        testId="crash-amount"
        disabled={!editing || autoOn}
      />
      <HudInput
        label="Auto cash-out"
        inputMode="decimal"
        placeholder="off"
        value={target}
        onChange={(e) => setTarget(e.target.value)}
        data-testid="crash-auto-cashout"
        disabled={!editing || autoOn}
        error={editing ? cashoutError : null}
      />
      {tab === 'auto' && <AutoBetForm values={auto} onChange={setAuto} disabled={autoOn} />}
      <BetButton
        key={button.kind} // a new element per meaning: a click aimed at "Cash out" never lands on "Bet"
        kind={button.kind}
        data-testid="crash-button"
        onClick={button.act}
        disabled={!button.act}
      >
        {button.text}
      </BetButton>
      <div className="hud-toggles">
        <MuteToggle />
      </div>
      <p className="hud-note" data-testid="crash-hotkey">
        <kbd>Space</kbd> bets or cashes out
      </p>
    </div>
  );
}
