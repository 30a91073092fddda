// The recent games strip: the last crash points, newest first, coloured by band (1.00× busts
// included), each linking to its verification on /rocket/provably-fair.
import { Link } from 'react-router';
import type { CrashRecentGame } from '../../../shared/api/crash.ts';
import { crashBand, formatMultiplier } from './crash-format.ts';

/** A game's verify link. */
export function crashVerifyLink(hash: string): string {
  return `/rocket/provably-fair?hash=${encodeURIComponent(hash)}`;
}

/** The strip. */
export function CrashRecent({ games }: { games: readonly CrashRecentGame[] }) {
  return (
    <nav className="crash-recent" aria-label="Recent games" data-testid="crash-recent">
      {games.map((g) => (
        <Link
          key={g.id}
          to={crashVerifyLink(g.hash)}
          className={`crash-chip crash-chip-${crashBand(g.crash_point)}${g.voided ? ' crash-chip-voided' : ''}`}
          title={g.voided ? `Round ${g.id}: voided (bets refunded); verify` : `Round ${g.id}: verify`}
          data-testid="crash-recent-game"
        >
          {formatMultiplier(g.crash_point)}
        </Link>
      ))}
    </nav>
  );
}
