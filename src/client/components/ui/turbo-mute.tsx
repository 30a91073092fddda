// The Turbo and Mute toggles of a game HUD, drawn by the HUD kit (components/hud/hud-toggle.tsx).
// Mute is the site-wide sound flag (stores/sound.ts), the same one the header's sounds toggle shows.
import { HudToggle, MuteToggle } from '../hud/hud-toggle.tsx';

/** Turbo (the game's own flag) and Mute (the one sound store) in a row with `className`. */
export function TurboMute({
  className,
  turbo,
  onTurbo,
}: {
  className: string;
  turbo: boolean;
  onTurbo(turbo: boolean): void;
}) {
  return (
    <div className={`hud-toggles ${className}`}>
      <HudToggle label="Turbo" checked={turbo} onChange={onTurbo} />
      <MuteToggle />
    </div>
  );
}
