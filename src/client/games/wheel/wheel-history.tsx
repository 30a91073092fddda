// The history strip: the last 100 results newest first, each linking to its verification, and
// the count per colour among them.
import { Link } from 'react-router';
import { WHEEL_COLORS } from '../../../shared/games/wheel/wheel.layout.ts';
import type { HistoryItem } from './use-wheel-round.ts';

/** The strip. */
export function WheelHistory({ items }: { items: HistoryItem[] }) {
  return (
    <section className="wheel-history" aria-label="Last 100 results">
      <ol className="wheel-strip" data-testid="wheel-history">
        {items.map((r) => (
          <li key={r.id}>
            <Link
              to={`/wheel/provably-fair?round=${r.id}`}
              className={`wheel-dot wheel-${r.color}`}
              title={`Round ${r.id}: ${r.color} ×${r.multiplier}`}
              data-testid="history-item"
              data-round={r.id}
              data-segment={r.segment}
            />
          </li>
        ))}
      </ol>
      <p className="wheel-counts">
        {WHEEL_COLORS.map((c) => (
          <span key={c} className={`wheel-count wheel-${c}`} data-testid={`count-${c}`}>
            {items.filter((r) => r.color === c).length}
          </span>
        ))}
      </p>
    </section>
  );
}
