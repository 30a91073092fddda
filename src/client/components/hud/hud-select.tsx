// The HUD kit's choices: a styled native select (Bounce's rows, risk and speed: keyboard and
// phone pickers come with it) and a segmented control of pressed buttons (boxes to open).
import { useId, type ReactNode } from 'react';
import './hud.css';

/** One choice: its value and, when it differs, its text. */
export type HudOption<T extends string | number> = T | { value: T; label: ReactNode };

const valueOf = <T extends string | number>(o: HudOption<T>): T => (typeof o === 'object' ? o.value : o);
const labelOf = <T extends string | number>(o: HudOption<T>): ReactNode => (typeof o === 'object' ? o.label : o);

/** Props of the select: its label, name, options and the chosen value. */
export interface HudSelectProps<T extends string | number> {
  label: ReactNode;
  name: string;
  options: readonly HudOption<T>[];
  value: T;
  onChange(value: NoInfer<T>): void;
  disabled?: boolean;
}

/** A labelled select in the kit's look; numbers come back as numbers. */
export function HudSelect<T extends string | number>({
  label,
  name,
  options,
  value,
  onChange,
  disabled,
}: HudSelectProps<T>) {
  const id = useId();
  const pick = (text: string) => {
    const found = options.map(valueOf).find((v) => String(v) === text);
    if (found !== undefined) onChange(found);
  };
  return (
    <div className="hud-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="hud-select"
        name={name}
        value={String(value)}
        disabled={disabled}
        onChange={(e) => pick(e.target.value)}
      >
        {options.map((o) => (
          <option key={String(valueOf(o))} value={String(valueOf(o))}>
            {labelOf(o)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Props of the segmented control: the group's accessible name, options and the chosen value. */
export interface HudSegmentedProps<T extends string | number> {
  label: string; // the group's accessible name
  options: readonly HudOption<T>[];
  value: T;
  onChange(value: NoInfer<T>): void;
  disabled?: boolean;
}

/** A row of buttons, the chosen one pressed (aria-pressed). */
export function HudSegmented<T extends string | number>({
  label,
  options,
  value,
  onChange,
  disabled,
}: HudSegmentedProps<T>) {
  return (
    <div className="hud-segmented" role="group" aria-label={label}>
      {options.map((o) => {
        const v = valueOf(o);
        return (
          <button
            key={String(v)}
            type="button"
            className="hud-segment"
            aria-pressed={v === value}
            disabled={disabled}
            onClick={() => onChange(v)}
          >
            {labelOf(o)}
          </button>
        );
      })}
    </div>
  );
}
