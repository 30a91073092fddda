// The Turbo and Mute boxes of a game HUD. Mute is the site-wide sound flag (stores/sound.ts), the
// same one the header's sounds toggle shows.
import { useSound } from '../../stores/sound.ts';

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
  const muted = useSound((s) => s.muted);
  const setMuted = useSound((s) => s.setMuted);
  return (
    <div className={className}>
      <label>
        <input type="checkbox" checked={turbo} onChange={(e) => onTurbo(e.target.checked)} /> Turbo
      </label>
      <label>
        <input type="checkbox" checked={muted} onChange={(e) => setMuted(e.target.checked)} /> Mute
      </label>
    </div>
  );
}
