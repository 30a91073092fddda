// The HUD kit's toggles: a checkbox drawn as a switch with its name beside it (Turbo, Auto), and
// Mute bound to the one site-wide sound flag (stores/sound.ts) the header's sounds toggle shows.
import type { ReactNode } from 'react';
import { useSound } from '../../stores/sound.ts';
import './hud.css';

/** Props: the toggle's name and state. */
export interface HudToggleProps {
  label: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  disabled?: boolean;
}

/** A checkbox (role "checkbox", named by its label) in the kit's switch look. */
export function HudToggle({ label, checked, onChange, disabled }: HudToggleProps) {
  return (
    <label className="hud-toggle">
      <input
        type="checkbox"
        className="hud-toggle-input"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}

/** The Mute toggle: the site's sound flag. */
export function MuteToggle() {
  const muted = useSound((s) => s.muted);
  const setMuted = useSound((s) => s.setMuted);
  return <HudToggle label="Mute" checked={muted} onChange={setMuted} />;
}
