// The HUD kit's auto-bet fields, written once for dice, Bounce and Rocket: how many bets, stop on
// profit / loss, change the amount by % on a win / a loss. Each field says "{field} is not valid."
// (the spec's default message) when its text is not a value the auto-bet takes. The game places
// its own Start / Stop button and turns the texts into its config with `autoBetNumbers`.
import type { ReactNode } from 'react';
import { HudInput } from './hud-input.tsx';
import './hud.css';

/** The fields' texts, as typed. */
export interface AutoBetValues {
  count: string; // bets to place, 0 = until stopped
  profit: string; // stop when the profit reaches these dollars; empty = never
  loss: string; // stop when the loss reaches these dollars; empty = never
  win: string; // change the amount by this % after a win; empty = the game's default
  lossPct: string; // … after a loss
}

/** The fields as numbers; null where the field is empty. */
export interface AutoBetNumbers {
  count: number;
  stopOnProfit: number | null;
  stopOnLoss: number | null;
  onWinPct: number | null;
  onLossPct: number | null;
}

/** Ten bets, no stops, no change. */
export const AUTO_BET_START: AutoBetValues = { count: '10', profit: '', loss: '', win: '', lossPct: '' };

const COUNT_LABEL = 'Number of bets (0 = no limit)';
const LABELS = {
  profit: 'Stop on profit ($)',
  loss: 'Stop on loss ($)',
  win: 'On win: change amount by %',
  lossPct: 'On loss: change amount by %',
} as const;
const NAMES = {
  count: 'auto-count',
  profit: 'auto-profit',
  loss: 'auto-loss',
  win: 'auto-win',
  lossPct: 'auto-loss-pct',
};
// the field's name in its message: the label without the bracket
const FIELD = { profit: 'Stop on profit', loss: 'Stop on loss', win: 'On win change', lossPct: 'On loss change' };

const blank = (s: string) => s.trim() === '';
const isCount = (s: string) => /^\d+$/.test(s.trim());
const isDollars = (s: string) => /^\d+(\.\d{1,2})?$/.test(s.trim());
const isPct = (s: string) => /^-?\d+(\.\d+)?$/.test(s.trim()) && Number(s) >= -100;

/** Each invalid field's message; `countLabel` names the count field ("Drops (…)" on Bounce). */
export function autoBetErrors(
  values: AutoBetValues,
  countLabel = COUNT_LABEL,
): Partial<Record<keyof AutoBetValues, string>> {
  const errors: Partial<Record<keyof AutoBetValues, string>> = {};
  if (!isCount(values.count)) errors.count = `${countLabel.replace(/\s*\(.*$/, '')} is not valid.`;
  for (const key of ['profit', 'loss'] as const)
    if (!blank(values[key]) && !isDollars(values[key])) errors[key] = `${FIELD[key]} is not valid.`;
  for (const key of ['win', 'lossPct'] as const)
    if (!blank(values[key]) && !isPct(values[key])) errors[key] = `${FIELD[key]} is not valid.`;
  return errors;
}

/** The texts as numbers (call once `autoBetErrors` is empty). */
export function autoBetNumbers(values: AutoBetValues): AutoBetNumbers {
  const num = (s: string) => (blank(s) ? null : Number(s));
  return {
    count: Math.max(0, Math.floor(Number(values.count) || 0)),
    stopOnProfit: num(values.profit),
    stopOnLoss: num(values.loss),
    onWinPct: num(values.win),
    onLossPct: num(values.lossPct),
  };
}

/** Props: the texts, where a change goes, and the game's wording. */
export interface AutoBetFormProps {
  values: AutoBetValues;
  onChange(values: AutoBetValues): void;
  disabled?: boolean; // while auto-bet runs
  countLabel?: string; // "Drops (0 = until stopped)" on Bounce
  pctPlaceholder?: string; // what an empty % field means in this game ("reset" to the base amount)
  children?: ReactNode; // the game's own extra fields (Bounce's speed), after the others
}

/** The auto-bet fields in a grid, each with its message. */
export function AutoBetForm({
  values,
  onChange,
  disabled,
  countLabel = COUNT_LABEL,
  pctPlaceholder = 'reset',
  children,
}: AutoBetFormProps) {
  const errors = autoBetErrors(values, countLabel);
  const field = (key: keyof AutoBetValues, label: string, placeholder?: string) => (
    <HudInput
      key={key}
      label={label}
      name={NAMES[key]}
      inputMode={key === 'count' ? 'numeric' : 'decimal'}
      value={values[key]}
      placeholder={placeholder}
      onChange={(e) => onChange({ ...values, [key]: e.target.value })}
      disabled={disabled}
      error={errors[key]}
    />
  );
  return (
    <div className="hud-auto" data-testid="auto-bet-form">
      {field('count', countLabel)}
      {field('profit', LABELS.profit, 'off')}
      {field('loss', LABELS.loss, 'off')}
      {field('win', LABELS.win, pctPlaceholder)}
      {field('lossPct', LABELS.lossPct, pctPlaceholder)}
      {children}
    </div>
  );
}
