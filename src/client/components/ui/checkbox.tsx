// Checkbox with a label (spec §2 Other widgets).
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/** Checkbox props: a native checkbox plus its label. */
export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
}

/** A labelled checkbox. */
export function Checkbox({ label, id, className, ...rest }: CheckboxProps) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <label className={['checkbox', className].filter(Boolean).join(' ')} htmlFor={inputId}>
      <input {...rest} id={inputId} type="checkbox" />
      <span className="checkbox-box" aria-hidden="true" />
      <span className="checkbox-label">{label}</span>
    </label>
  );
}
