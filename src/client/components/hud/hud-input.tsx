// The HUD kit's labelled text field (auto cash-out, dice target / chance / multiplier, auto-bet
// numbers, upgrade balance): label above, black input, the field's message under it (outside the
// label, so the input's accessible name stays the label's text).
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import './hud.css';

/** Props: the label, an optional message (marks the input invalid) and the input's own attributes. */
export interface HudInputProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  error?: string | null;
  fieldClassName?: string; // class of the wrapping field
}

/** A labelled input; its accessible name is the label's text. */
export function HudInput({ label, error, fieldClassName, className, ...rest }: HudInputProps) {
  const id = useId();
  return (
    <div className={fieldClassName ? `hud-field ${fieldClassName}` : 'hud-field'}>
      <label htmlFor={id}>{label}</label>
      <input
        autoComplete="off"
        {...rest}
        id={id}
        className={className ? `hud-input ${className}` : 'hud-input'}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="hud-hint">
          {error}
        </p>
      )}
    </div>
  );
}
