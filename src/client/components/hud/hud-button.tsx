// The HUD kit's small button (flip, quick open, keep / sell, cancel a bet), in the look of the
// amount field's ½ and 2×; `aria-pressed` draws it selected.
import type { ButtonHTMLAttributes } from 'react';
import './hud.css';

/** A secondary HUD button (type "button" unless given). */
export function HudButton({ className, type = 'button', ...rest }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button {...rest} type={type} className={className ? `hud-button ${className}` : 'hud-button'} />;
}
