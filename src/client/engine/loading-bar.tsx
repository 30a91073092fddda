// A progress bar shown over a game stage while its asset bundle loads.

/** Props: progress 0…1; hidden at 1. */
export function LoadingBar({ progress }: { progress: number }) {
  if (progress >= 1) return null;
  const pct = Math.round(progress * 100);
  return (
    <div
      className="loading-bar"
      role="progressbar"
      aria-label="Loading game"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct}
    >
      <div className="loading-bar-fill" style={{ width: `${pct}%` }} />
    </div>
  );
}
