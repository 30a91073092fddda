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
import { AUTO_BET_START, AutoBetForm, autoBetErrors, autoBetNumbers } from '../../components/hud/auto-bet-form.tsx';
import { BetButton } from '../../components/hud/bet-button.tsx';
import { HudButton } from '../../components/hud/hud-button.tsx';
import { DecimalInput } from '../../components/hud/decimal-input.tsx';
import { formatDollars } from '../../lib/format.ts';
import type { DiceParams } from './dice.machine.ts';
import { typedChanceTargetBp, typedMultiplierTargetBp, typedTargetBp } from './dice-target.ts';
import { onFormSubmit } from '../../lib/form-submit.ts';

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

/** The HUD. */
export function DiceHud({ busy, replaying, autoOn, onBet, onAuto, onStopAuto, onSkip, onChange }: DiceHudProps) {
  const [amount, setAmount] = useState('1.00');
  const [targetBp, setTargetBp] = useState(5050); // basis points: 1 bp = 0.01
  const [direction, setDirection] = useState<DiceDirection>('over');
  const [auto, setAuto] = useState(AUTO_BET_START);
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
  const autoInvalid = Object.keys(autoBetErrors(auto)).length > 0;
  const startAuto = () => onAuto(params(), { baseAmount: amountNum, ...autoBetNumbers(auto) });

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
    <form className="dice-hud hud-panel" onSubmit={onFormSubmit(bet)} aria-label="Dice bet">
      <AmountField value={amount} limits={LIMITS} onChange={setAmount} />
      <div className="hud-row">
        <DecimalInput
          label={direction === 'over' ? 'Roll over' : 'Roll under'}
          name="target"
          value={target.toFixed(2)}
          onText={(t) => apply(typedTargetBp(t, direction))}
        />
        <HudButton onClick={flip} aria-label="Switch over/under">
          ⇄ {direction === 'over' ? 'Over' : 'Under'}
        </HudButton>
      </div>
      <div className="hud-row">
        <DecimalInput
          label="Win chance (%)"
          name="chance"
          value={chance.toFixed(2)}
          onText={(t) => apply(typedChanceTargetBp(t, direction))}
        />
        <DecimalInput
          label="Multiplier (×)"
          name="multiplier"
          value={multiplier.toFixed(4)}
          onText={(t) => apply(typedMultiplierTargetBp(t, direction))}
        />
      </div>
      <p className="muted">Profit on win: {formatDollars(round2(amountNum * multiplier) - amountNum || 0)}</p>
      <BetButton
        type="submit"
        kind={replaying ? 'skip' : busy ? 'wait' : 'bet'}
        disabled={(!!amountError && !busy) || autoOn}
      >
        {replaying ? 'Skip' : busy ? 'Rolling…' : 'Bet'}
      </BetButton>
      <details className="hud-disclosure">
        <summary>Auto bet</summary>
        <AutoBetForm values={auto} onChange={setAuto} disabled={autoOn} />
        {autoOn ? (
          <BetButton kind="stop" compact onClick={onStopAuto}>
            Stop auto bet
          </BetButton>
        ) : (
          <BetButton kind="bet" compact onClick={startAuto} disabled={!!amountError || autoInvalid || busy}>
            Start auto bet
          </BetButton>
        )}
      </details>
      <TurboMute className="dice-toggles" turbo={turbo} onTurbo={setTurbo} />
      <p className="muted small">Keys: Space bet/skip · A half · D double · F over/under · T turbo</p>
    </form>
  );
}
