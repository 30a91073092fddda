// The cashback countdown link (spec §2): "Until cashback" and the time to 21:00 in the cashback zone.
import { Link } from 'react-router';
import { cashbackCountdown, formatCountdown } from '../../../shared/time/countdown.ts';
import { useNow } from '../ui/use-now.ts';

/** A link to /cashback with the live countdown. */
export function CashbackLink({
  className,
  testId,
  onNavigate,
}: {
  className: string;
  testId: string;
  onNavigate?: () => void;
}) {
  const now = useNow();
  return (
    <Link to="/cashback" className={className} data-testid={testId} onClick={onNavigate}>
      <span className="cashback-label">Until cashback</span>
      <time role="timer" className="cashback-time">
        {formatCountdown(cashbackCountdown(now).remaining)}
      </time>
    </Link>
  );
}
