// The HUD kit's field for a number the game holds (dice target, win chance, multiplier): it shows the
// game's formatted value, except the player's own text while they type, until the field loses focus.
import { useState } from 'react';
import { HudInput, type HudInputProps } from './hud-input.tsx';

/** Props: the formatted `value`, `onText` with each typed text; the rest as HudInput's. */
export interface DecimalInputProps extends Omit<HudInputProps, 'value' | 'onChange' | 'onBlur' | 'inputMode'> {
  value: string; // the game's value, formatted
  onText(text: string): void; // the player's text as typed (the game parses it)
}

/** A decimal HudInput that keeps the typed text while focused. */
export function DecimalInput({ value, onText, ...rest }: DecimalInputProps) {
  const [typed, setTyped] = useState<string | null>(null); // raw text while typing
  return (
    <HudInput
      {...rest}
      inputMode="decimal"
      value={typed ?? value}
      onChange={(e) => (setTyped(e.target.value), onText(e.target.value))}
      onBlur={() => setTyped(null)}
    />
  );
}
