// A progress bar shown over a game stage while its asset bundle loads.
import { ProgressBar } from '../components/ui/progress-bar.tsx';

/** Props: progress 0…1; hidden at 1. */
export function LoadingBar({ progress }: { progress: number }) {
  if (progress >= 1) return null;
  const pct = Math.round(progress * 100);
  return <ProgressBar className="loading-bar" label="Loading game" percent={pct} fillClassName="loading-bar-fill" />;
}
