// The plinko controls: amount (½, 2×), rows and risk (locked while balls fall), Drop, auto-drop
// (count, speed, stop on profit/loss, change the amount by % on win/loss) and the last results.
import { useState } from 'react';
import { PLINKO_ROWS, RISKS, type Risk } from '../../../shared/fair/index.ts';
import { PLINKO_LIMITS } from '../../../shared/api/plinko.ts';
import { amountCents, betAmountError, betLimits } from '../../../shared/games/bet-amount.ts';
import { centsToFixed } from '../../../shared/money.ts';
import { AmountField } from '../../components/hud/amount-field.tsx';
import type { AutoConfig, DropsState } from './plinko.machine.ts';

const SPEEDS = { slow: 600, normal: 300, fast: 120 } as const; // engine ms between auto drops

/** Props: the drops' state and what the buttons do. */
export interface PlinkoHudProps {
  state: DropsState;
  rows: number;
  risk: Risk;
  signedIn: boolean;
  onRows(rows: number): void;
  onRisk(risk: Risk): void;
  onAmount(amount: number): void;
  onDrop(): void;
  onAuto(config: AutoConfig): void;
  onStopAuto(): void;
}

const LIMITS = betLimits(PLINKO_LIMITS);
const num = (v: string) => (Number.isFinite(Number(v)) ? Number(v) : 0);

/** The HUD. */
export function PlinkoHud(p: PlinkoHudProps) {
  const [amountText, setAmountText] = useState<string | null>(null);
  const [count, setCount] = useState('10');
  const [speed, setSpeed] = useState<keyof typeof SPEEDS>('normal');
  const [stopProfit, setStopProfit] = useState('0');
  const [stopLoss, setStopLoss] = useState('0');
  const [onWin, setOnWin] = useState('0');
  const [onLoss, setOnLoss] = useState('0');
  const locked = p.state.inFlight > 0 || p.state.auto;
  const amount = p.state.amount; // dollars the next drop stakes (auto-drop changes it)
  // typed text stays while it is being edited; a stake the game takes goes to the drops at once
  const setAmount = (text: string) => {
    const valid = !betAmountError(text, LIMITS);
    setAmountText(valid && text === centsToFixed(amountCents(text) ?? 0) ? null : text); // ½ / 2× need no override
    if (valid) p.onAmount((amountCents(text) ?? 0) / 100);
  };

  return (
    <div className="plinko-hud" data-testid="plinko-hud">
      <AmountField
        value={amountText ?? amount.toFixed(2)}
        limits={LIMITS}
        onChange={setAmount}
        onBlur={() => setAmountText(null)}
        disabled={p.state.auto}
      />
      <label>
        Rows
        <select name="rows" value={p.rows} disabled={locked} onChange={(e) => p.onRows(Number(e.target.value))}>
          {PLINKO_ROWS.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </select>
      </label>
      <label>
        Risk
        <select name="risk" value={p.risk} disabled={locked} onChange={(e) => p.onRisk(e.target.value as Risk)}>
          {RISKS.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="btn-primary"
        data-testid="plinko-drop"
        disabled={!p.signedIn || p.state.auto}
        onClick={p.onDrop}
      >
        Drop
      </button>
      <details className="plinko-auto">
        <summary>Auto</summary>
        <label>
          Drops (0 = until stopped)
          <input name="auto-count" inputMode="numeric" value={count} onChange={(e) => setCount(e.target.value)} />
        </label>
        <label>
          Speed
          <select name="auto-speed" value={speed} onChange={(e) => setSpeed(e.target.value as keyof typeof SPEEDS)}>
            {Object.keys(SPEEDS).map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <label>
          Stop on profit ($)
          <input name="stop-profit" value={stopProfit} onChange={(e) => setStopProfit(e.target.value)} />
        </label>
        <label>
          Stop on loss ($)
          <input name="stop-loss" value={stopLoss} onChange={(e) => setStopLoss(e.target.value)} />
        </label>
        <label>
          On win, change amount by %
          <input name="on-win" value={onWin} onChange={(e) => setOnWin(e.target.value)} />
        </label>
        <label>
          On loss, change amount by %
          <input name="on-loss" value={onLoss} onChange={(e) => setOnLoss(e.target.value)} />
        </label>
        {p.state.auto ? (
          <button type="button" data-testid="plinko-auto-stop" onClick={p.onStopAuto}>
            Stop auto ({Number.isFinite(p.state.autoLeft) ? p.state.autoLeft : '∞'} left)
          </button>
        ) : (
          <button
            type="button"
            data-testid="plinko-auto-start"
            disabled={!p.signedIn}
            onClick={() =>
              p.onAuto({
                count: Math.max(0, Math.floor(num(count))),
                intervalMs: SPEEDS[speed],
                stopProfit: num(stopProfit),
                stopLoss: num(stopLoss),
                onWinPct: num(onWin),
                onLossPct: num(onLoss),
              })
            }
          >
            Start auto
          </button>
        )}
      </details>
      <ol className="plinko-results" aria-label="Last results" data-testid="plinko-results">
        {p.state.landed.slice(0, 12).map(({ bet }) => (
          <li key={bet.id} className={bet.multiplier >= 1 ? 'win' : 'lose'} data-bucket={bet.bucket}>
            {bet.multiplier}×
          </li>
        ))}
      </ol>
    </div>
  );
}
