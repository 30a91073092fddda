// The HUD kit's big button, one look per meaning: Bet (green), Cash out (amber), Cancel and Stop
// (red), Skip (indigo) and a wait state (Placing…, Cashing out…) drawn like a disabled button.
import type { ButtonHTMLAttributes } from 'react';
import './hud.css';

/** What the button does now; each meaning has its colour. */
export type BetButtonKind = 'bet' | 'wait' | 'cashout' | 'cancel' | 'stop' | 'skip';

/** Props: a button's own attributes, the kind, and `compact` for a second, smaller action. */
export interface BetButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  kind: BetButtonKind;
  compact?: boolean; // 40 px (44 on a phone) instead of 52: Start / Stop auto beside the main button
}

/** The bet / cash-out button (type "button" unless given; a wait state is never clickable). */
export function BetButton({ kind, compact, className, type = 'button', disabled, ...rest }: BetButtonProps) {
  const classes = ['hud-bet', `hud-bet-${kind}`, compact && 'hud-bet-compact', className].filter(Boolean).join(' ');
  return <button {...rest} type={type} className={classes} disabled={disabled || kind === 'wait'} />;
}
