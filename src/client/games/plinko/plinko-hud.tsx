// The plinko controls: amount (½, 2×), rows and risk (locked while balls fall), Drop, auto-drop
// (count, speed, stop on profit/loss, change the amount by % on win/loss) and the last results.
import { useState } from 'react';
import type { Risk } from '../../../shared/fair/index.ts';
import { PLINKO_LIMITS, type PlinkoConfig } from '../../../shared/api/plinko.ts';
import { amountCents, betAmountError, betLimits } from '../../../shared/games/bet-amount.ts';
import { centsToFixed } from '../../../shared/money.ts';
import { AmountField } from '../../components/hud/amount-field.tsx';
import { AUTO_BET_START, AutoBetForm, autoBetErrors, autoBetNumbers } from '../../components/hud/auto-bet-form.tsx';
import { BetButton } from '../../components/hud/bet-button.tsx';
import { HudSelect } from '../../components/hud/hud-select.tsx';
import { MuteToggle } from '../../components/hud/hud-toggle.tsx';
import type { AutoConfig, DropsState } from './plinko.machine.ts';

const SPEEDS = { slow: 600, normal: 300, fast: 120 } as const; // engine ms between auto drops
type Speed = keyof typeof SPEEDS;
const SPEED_NAMES = Object.keys(SPEEDS) as Speed[];
const COUNT_LABEL = 'Drops (0 = until stopped)';

/** Props: the drops' state and what the buttons do. */
export interface PlinkoHudProps {
  state: DropsState;
  board: Pick<PlinkoConfig, 'rows' | 'risks'> | null; // GET /api/plinko/config (null while it loads)
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

/** The HUD. */
export function PlinkoHud(p: PlinkoHudProps) {
  const [amountText, setAmountText] = useState<string | null>(null);
  const [auto, setAuto] = useState(AUTO_BET_START);
  const [speed, setSpeed] = useState<Speed>('normal');
  const locked = p.state.inFlight > 0 || p.state.auto;
  const amount = p.state.amount; // dollars the next drop stakes (auto-drop changes it)
  // typed text stays while it is being edited; a stake the game takes goes to the drops at once
  const setAmount = (text: string) => {
    const valid = !betAmountError(text, LIMITS);
    setAmountText(valid && text === centsToFixed(amountCents(text) ?? 0) ? null : text); // ½ / 2× need no override
    if (valid) p.onAmount((amountCents(text) ?? 0) / 100);
  };

  const autoInvalid = Object.keys(autoBetErrors(auto, COUNT_LABEL)).length > 0;
  const startAuto = () => {
    const n = autoBetNumbers(auto); // an empty field is 0: no stop, keep the amount
    p.onAuto({
      count: n.count,
      intervalMs: SPEEDS[speed],
      stopProfit: n.stopOnProfit ?? 0,
      stopLoss: n.stopOnLoss ?? 0,
      onWinPct: n.onWinPct ?? 0,
      onLossPct: n.onLossPct ?? 0,
    });
  };

  return (
    <div className="plinko-hud hud-panel" data-testid="plinko-hud">
      <AmountField
        value={amountText ?? amount.toFixed(2)}
        limits={LIMITS}
        onChange={setAmount}
        onBlur={() => setAmountText(null)}
        disabled={p.state.auto}
      />
      <div className="hud-row">
        <HudSelect
          label="Rows"
          name="rows"
          options={p.board?.rows ?? [p.rows]}
          value={p.rows}
          disabled={locked || !p.board}
          onChange={p.onRows}
        />
        <HudSelect
          label="Risk"
          name="risk"
          options={p.board?.risks ?? [p.risk]}
          value={p.risk}
          disabled={locked || !p.board}
          onChange={p.onRisk}
        />
      </div>
      <BetButton
        kind="bet"
        data-testid="plinko-drop"
        disabled={!p.signedIn || p.state.auto || !p.board}
        onClick={p.onDrop}
      >
        Drop
      </BetButton>
      <div className="hud-toggles">
        <MuteToggle />
      </div>
      <details className="hud-disclosure">
        <summary>Auto</summary>
        <AutoBetForm
          values={auto}
          onChange={setAuto}
          disabled={p.state.auto}
          countLabel={COUNT_LABEL}
          pctPlaceholder="keep"
        >
          <HudSelect label="Speed" name="auto-speed" options={SPEED_NAMES} value={speed} onChange={setSpeed} />
        </AutoBetForm>
        {p.state.auto ? (
          <BetButton kind="stop" compact data-testid="plinko-auto-stop" onClick={p.onStopAuto}>
            Stop auto ({Number.isFinite(p.state.autoLeft) ? p.state.autoLeft : '∞'} left)
          </BetButton>
        ) : (
          <BetButton
            kind="bet"
            compact
            data-testid="plinko-auto-start"
            disabled={!p.signedIn || autoInvalid || !p.board}
            onClick={startAuto}
          >
            Start auto
          </BetButton>
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
