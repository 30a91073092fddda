// The player's statistics on /profile: wagered, bets, openings, biggest win (linking to its
// provably-fair check) and progress to the next level.
import { Link } from 'react-router';
import { formatNumber, formatDollars } from '../../lib/format.ts';
import { useApiData } from '../../lib/use-api-data.ts';
import { getProfileStats } from '../../lib/api/profile.ts';
import type { ProfileStats } from '../../../shared/api/profile.ts';
import { ProfilePanel } from './profile-panel.tsx';

/** Percent of the way from the current level to the next (100 at the top level). */
export function levelPercent(level: ProfileStats['level']): number {
  if (level.next_level_xp === null) return 100;
  const span = level.next_level_xp - level.level_xp;
  return Math.max(0, Math.min(100, Math.floor(((level.xp - level.level_xp) / span) * 100)));
}

/** The stats panel. */
export function ProfileStatsPanel() {
  const { data, error } = useApiData(getProfileStats, []);
  return (
    <ProfilePanel title="Stats" testId="profile-stats" data={data?.data} error={error} what="Stats">
      {(s) => (
        <>
          <dl className="stat-grid">
            <div>
              <dt>Total wagered</dt>
              <dd data-testid="stat-wagered">{formatDollars(s.wagered)}</dd>
            </div>
            <div>
              <dt>Bets</dt>
              <dd data-testid="stat-bets">{formatNumber(s.bets)}</dd>
            </div>
            <div>
              <dt>Box openings</dt>
              <dd data-testid="stat-openings">{formatNumber(s.openings)}</dd>
            </div>
            <div>
              <dt>Biggest win</dt>
              <dd data-testid="stat-biggest-win">
                {s.biggest_win ? (
                  <Link to={s.biggest_win.link} title="Check it on the provably fair page">
                    {formatDollars(s.biggest_win.amount)} · {s.biggest_win.title}
                  </Link>
                ) : (
                  'No win yet'
                )}
              </dd>
            </div>
          </dl>
          <div className="level-progress" data-testid="level-progress">
            <span>
              Level {s.level.level}
              {s.level.next_level_xp === null
                ? ' · top level'
                : ` · ${formatNumber(s.level.xp)} / ${formatNumber(s.level.next_level_xp)} XP to level ${s.level.level + 1}`}
            </span>
            <progress max={100} value={levelPercent(s.level)} aria-label="Progress to the next level" />
          </div>
        </>
      )}
    </ProfilePanel>
  );
}
