// The dice controls: amount, linked target / win chance / multiplier, over/under, bet, auto-bet,
// skip and turbo, with hotkeys (Space bet or skip, A half, D double, F flip, T turbo).
import { useEffect, useState } from 'react';
import { DICE_LIMITS } from '../../../shared/api/dice.ts';
import { amountCents, betAmountError, betLimits, scaleAmountText } from '../../../shared/games/bet-amount.ts';
import { diceChanceBp, diceMultiplierBp, type DiceDirection } from '../../../shared/fair/index.ts';
import type { AutoConfig } from '../../engine/machines/auto-bet.machine.ts';
import { useMotion } from '../../engine/motion.ts';
import { TurboMute } from '../../components/ui/turbo-mute.tsx';
import { AmountField } from '../../components/hud/amount-field.tsx';
import { formatDollars } from '../../lib/format.ts';
import type { DiceParams } from './dice.machine.ts';
import { typedChanceTargetBp, typedMultiplierTargetBp, typedTargetBp } from './dice-target.ts';

/** Props from the page. */
export interface DiceHudProps {
  busy: boolean; // the bet machine's `busy` tag: a bet is in flight or replaying
  replaying: boolean; // its `replaying` tag: the scene replays the outcome (the button skips)
  autoOn: boolean;
  onBet(params: DiceParams): void;
  onAuto(params: DiceParams, config: AutoConfig): void;
  onStopAuto(): void;
  onSkip(): void;
  onChange(target: number, direction: DiceDirection): void; // redraw the track
}

const round2 = (v: number) => Math.round(v * 100) / 100;
const LIMITS = betLimits(DICE_LIMITS);
const num = (s: string) => (s.trim() === '' ? null : Number(s));

/** The HUD. */
export function DiceHud({ busy, replaying, autoOn, onBet, onAuto, onStopAuto, onSkip, onChange }: DiceHudProps) {
  const [amount, setAmount] = useState('1.00');
  const [targetBp, setTargetBp] = useState(5050); // basis points: 1 bp = 0.01
  const [direction, setDirection] = useState<DiceDirection>('over');
  const [chanceText, setChanceText] = useState<string | null>(null); // raw text while typing
  const [multText, setMultText] = useState<string | null>(null);
  const [targetText, setTargetText] = useState<string | null>(null);
  const [auto, setAuto] = useState({ count: '10', profit: '', loss: '', win: '', lossPct: '' });
  const { turbo, setTurbo } = useMotion();
  const target = targetBp / 100;
  const chanceBp = diceChanceBp(targetBp, direction);
  const chance = chanceBp / 100;
  const multiplier = diceMultiplierBp(chanceBp);
  const amountNum = (amountCents(amount) ?? 0) / 100; // dollars
  const amountError = betAmountError(amount, LIMITS);
  const params = (): DiceParams => ({ amount: amountNum, target, direction });

  useEffect(() => onChange(target, direction), [target, direction, onChange]);

  const apply = (bp: number | null) => bp !== null && setTargetBp(bp);
  const flip = () => {
    setDirection((d) => (d === 'over' ? 'under' : 'over'));
    setTargetBp((bp) => 10000 - bp);
  };
  const bet = () => {
    if (busy) return onSkip();
    if (!amountError) onBet(params());
  };
  const startAuto = () =>
    onAuto(params(), {
      baseAmount: amountNum,
      count: Math.max(0, Math.floor(num(auto.count) ?? 0)),
      stopOnProfit: num(auto.profit),
      stopOnLoss: num(auto.loss),
      onWinPct: num(auto.win),
      onLossPct: num(auto.lossPct),
    });

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (el && ['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName)) return;
      if (e.code === 'Space') {
        e.preventDefault();
        bet();
      } else if (e.key === 'a') setAmount((a) => scaleAmountText(a, 0.5, LIMITS));
      else if (e.key === 'd') setAmount((a) => scaleAmountText(a, 2, LIMITS));
      else if (e.key === 'f') flip();
      else if (e.key === 't') setTurbo(!turbo);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <form className="dice-hud" onSubmit={(e) => (e.preventDefault(), bet())} aria-label="Dice bet">
      <AmountField value={amount} limits={LIMITS} onChange={setAmount} />
      <div className="dice-hud-row">
        <label>
          {direction === 'over' ? 'Roll over' : 'Roll under'}
          <input
            name="target"
            inputMode="decimal"
            value={targetText ?? target.toFixed(2)}
            onChange={(e) => (setTargetText(e.target.value), apply(typedTargetBp(e.target.value, direction)))}
            onBlur={() => setTargetText(null)}
          />
        </label>
        <button type="button" onClick={flip} aria-label="Switch over/under">
          ⇄ {direction === 'over' ? 'Over' : 'Under'}
        </button>
      </div>
      <div className="dice-hud-row">
        <label>
          Win chance (%)
          <input
            name="chance"
            inputMode="decimal"
            value={chanceText ?? chance.toFixed(2)}
            onChange={(e) => (setChanceText(e.target.value), apply(typedChanceTargetBp(e.target.value, direction)))}
            onBlur={() => setChanceText(null)}
          />
        </label>
        <label>
          Multiplier (×)
          <input
            name="multiplier"
            inputMode="decimal"
            value={multText ?? multiplier.toFixed(4)}
            onChange={(e) => (setMultText(e.target.value), apply(typedMultiplierTargetBp(e.target.value, direction)))}
            onBlur={() => setMultText(null)}
          />
        </label>
      </div>
      <p className="muted">Profit on win: {formatDollars(round2(amountNum * multiplier) - amountNum || 0)}</p>
      <button type="submit" className="btn-primary" disabled={(!!amountError && !busy) || autoOn}>
        {replaying ? 'Skip' : busy ? 'Rolling…' : 'Bet'}
      </button>
      <details className="dice-auto">
        <summary>Auto bet</summary>
        <label>
          Number of bets (0 = ∞)
          <input name="auto-count" value={auto.count} onChange={(e) => setAuto({ ...auto, count: e.target.value })} />
        </label>
        <label>
          Stop on profit ($)
          <input
            name="auto-profit"
            value={auto.profit}
            onChange={(e) => setAuto({ ...auto, profit: e.target.value })}
          />
        </label>
        <label>
          Stop on loss ($)
          <input name="auto-loss" value={auto.loss} onChange={(e) => setAuto({ ...auto, loss: e.target.value })} />
        </label>
        <label>
          On win: change bet by % (empty = reset)
          <input name="auto-win" value={auto.win} onChange={(e) => setAuto({ ...auto, win: e.target.value })} />
        </label>
        <label>
          On loss: change bet by % (empty = reset)
          <input
            name="auto-loss-pct"
            value={auto.lossPct}
            onChange={(e) => setAuto({ ...auto, lossPct: e.target.value })}
          />
        </label>
        {autoOn ? (
          <button type="button" onClick={onStopAuto}>
            Stop auto bet
          </button>
        ) : (
          <button type="button" onClick={startAuto} disabled={!!amountError || busy}>
            Start auto bet
          </button>
        )}
      </details>
      <TurboMute className="dice-hud-row" turbo={turbo} onTurbo={setTurbo} />
      <p className="muted small">Keys: Space bet/skip · A half · D double · F over/under · T turbo</p>
    </form>
  );
}
