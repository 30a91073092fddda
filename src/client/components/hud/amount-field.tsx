// The bet amount field of every game's HUD: label, input, ½ and 2× (one rounding rule, the game's
// limits: shared/games/bet-amount.ts) and the message under it.
import { useId } from 'react';
import { betAmountError, scaleAmountText, type BetLimits } from '../../../shared/games/bet-amount.ts';
import './hud.css';

/** Props: the field's text, the game's limits and where a new text goes. */
export interface AmountFieldProps {
  value: string; // the field's text, dollars ("1.00")
  limits: BetLimits; // the game's min / max stake
  onChange(text: string): void; // typed, or the result of ½ / 2×
  onBlur?(): void;
  disabled?: boolean;
  testId?: string; // data-testid of the input
  className?: string;
}

/** The scale buttons beside the amount: factor, title, text. */
const SCALES = [
  [0.5, 'Half the amount', '½'],
  [2, 'Double the amount', '2×'],
] as const;

/** Label, input (name "amount", accessible name "Bet amount"), ½ and 2×, and the amount's message. */
export function AmountField({ value, limits, onChange, onBlur, disabled, testId, className }: AmountFieldProps) {
  const id = useId();
  const error = disabled ? null : betAmountError(value, limits);
  return (
    <div className={className ? `hud-field ${className}` : 'hud-field'}>
      <label htmlFor={id}>Bet amount</label>
      <span className="hud-amount">
        <input
          id={id}
          className="hud-input"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          disabled={disabled}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid={testId}
        />
        {SCALES.map(([factor, title, text]) => (
          <button
            key={factor}
            type="button"
            className="hud-mini"
            title={title}
            disabled={disabled}
            onClick={() => onChange(scaleAmountText(value, factor, limits))}
          >
            {text}
          </button>
        ))}
      </span>
      {error && (
        <p id={`${id}-error`} className="hud-hint" data-testid="amount-error">
          {error}
        </p>
      )}
    </div>
  );
}
