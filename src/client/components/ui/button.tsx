// Button of the UI kit (spec §2 Other widgets): styles default, outline, outline-gray, gradient;
// a loading spinner that also disables it.
import type { ButtonHTMLAttributes } from 'react';

/** Visual styles of a button. */
export type ButtonVariant = 'default' | 'outline' | 'outline-gray' | 'gradient';

/** Button props: a native button plus style and loading state. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  loading?: boolean; // shows a spinner, sets aria-busy and disables clicks
  size?: 'sm' | 'md' | 'lg';
}

/** A button. */
export function Button({
  variant = 'default',
  loading = false,
  size = 'md',
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={['btn', `btn-${variant}`, `btn-${size}`, className].filter(Boolean).join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading && <span className="btn-spinner" role="progressbar" aria-label="Loading" />}
      <span className="btn-label">{children}</span>
    </button>
  );
}
