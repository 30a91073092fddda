// The site's progress bar (a game's asset loading, the XP to the next level, the leaderboard week):
// a track of `className` whose one child is the fill, read by assistive tech as a 0–100 progressbar.

/** Props: the track's class, its accessible name, the filled share in percent (0–100), the fill's class. */
export interface ProgressBarProps {
  className: string;
  label: string;
  percent: number;
  fillClassName?: string;
}

/** A labelled progress bar; its fill is as wide as `percent`. */
export function ProgressBar({ className, label, percent, fillClassName }: ProgressBarProps) {
  return (
    <div
      className={className}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
    >
      <span className={fillClassName} style={{ width: `${percent}%` }} />
    </div>
  );
}
