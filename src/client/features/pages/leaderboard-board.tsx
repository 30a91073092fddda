// The weekly leaderboard's standings: the podium for the top 3, the table with the player's own
// row highlighted (and their place below it when outside the list), the prize table and last
// week's winners. Pure rendering of GET /api/leaderboard.
import { useState } from 'react';
import { errorText } from '../../lib/api.ts';
import { getPublicStats, setPublicStats } from '../../lib/api/programmes.ts';
import { formatDateTime, formatDollars } from '../../lib/format.ts';
import { useApiData } from '../../lib/use-api-data.ts';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { toast } from '../../components/ui/toaster.tsx';
import { Avatar } from '../../components/layout/account.tsx';
import { LevelBadge } from '../../components/ui/level-badge.tsx';
import type { Leaderboard, LeaderboardEntry } from '../../../shared/api/programmes.ts';
import { TableHead } from '../../components/ui/table-head.tsx';

/** "26.02.26, 18:00 – 05.03.26, 18:00 (Europe/Berlin)": a period on the zone's wall clock. */
export function periodText(p: { starts_at: string; ends_at: string }, timeZone: string): string {
  return `${formatDateTime(p.starts_at, timeZone)} – ${formatDateTime(p.ends_at, timeZone)} (${timeZone})`;
}

function Podium({ entries }: { entries: LeaderboardEntry[] }) {
  const top = entries.slice(0, 3);
  if (top.length === 0) return <p className="muted">No wagers yet this week: the first bet takes the lead.</p>;
  return (
    <ol className="podium" data-testid="podium" aria-label="Top 3">
      {top.map((e) => (
        <li key={e.place} className={`podium-${e.place}`}>
          <span className="podium-place">#{e.place}</span>
          <Avatar user={e.user} size={48} />
          <strong>{e.user.name}</strong>
          <span>{formatDollars(e.wagered)}</span>
          {e.prize > 0 && <span className="podium-prize">Prize {formatDollars(e.prize)}</span>}
        </li>
      ))}
    </ol>
  );
}

function Standings({ entries, myId, testId }: { entries: LeaderboardEntry[]; myId: number | null; testId: string }) {
  return (
    <table className="board-table" data-testid={testId}>
      <TableHead columns={['Place', 'Player', 'Wagered', 'Prize']} />
      <tbody>
        {entries.map((e) => {
          const mine = e.user.id === myId;
          return (
            <tr
              key={e.place}
              className={mine ? 'board-me' : undefined}
              aria-current={mine ? 'true' : undefined}
              data-testid={mine ? `${testId}-me` : undefined}
            >
              <td>{e.place}</td>
              <td className="board-player">
                <Avatar user={e.user} size={24} /> {e.user.name} <LevelBadge level={e.user.level} />
              </td>
              <td>{formatDollars(e.wagered)}</td>
              <td>{e.prize > 0 ? formatDollars(e.prize) : '—'}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The standings, prizes and last week's winners. */
export function LeaderboardBoard({ board, myId }: { board: Leaderboard; myId: number | null }) {
  const listed = board.entries.some((e) => e.user.id === myId);
  return (
    <>
      <div className="frame-card" data-testid="leaderboard-standings">
        <h2>This week</h2>
        <Podium entries={board.entries} />
        {board.entries.length > 0 && <Standings entries={board.entries} myId={myId} testId="leaderboard-table" />}
        {board.me && !listed && (
          <p className="board-me" data-testid="leaderboard-my-place">
            Your place: #{board.me.place} with {formatDollars(board.me.wagered)} wagered
          </p>
        )}
        {board.me && listed && (
          <p className="muted" data-testid="leaderboard-my-place">
            Your place: #{board.me.place} with {formatDollars(board.me.wagered)} wagered
          </p>
        )}
      </div>
      <div className="frame-card" data-testid="leaderboard-prizes">
        <h2>Prizes</h2>
        <ol className="prize-list">
          {board.prizes.map((p) => (
            <li key={p.place}>
              #{p.place}: <strong>{formatDollars(p.amount)}</strong>
            </li>
          ))}
        </ol>
        <p className="muted" data-testid="leaderboard-prize-cap">
          A prize pays at most {board.prize_cap_percent}% of the house edge on the winner&apos;s own settled bets that
          week (their stakes × each game&apos;s edge); bets refunded or canceled do not count.
        </p>
      </div>
      <div className="frame-card" data-testid="leaderboard-previous">
        <h2>Last week&apos;s winners</h2>
        <p className="muted">{periodText(board.previous.period, board.time_zone)}</p>
        {board.previous.entries.length === 0 ? (
          <p className="muted">Nobody wagered last week.</p>
        ) : (
          <Standings entries={board.previous.entries} myId={myId} testId="leaderboard-previous-table" />
        )}
      </div>
    </>
  );
}

/** "Show my name on the leaderboard" (GET/PUT /api/profile/public-stats); `onChanged` reloads the board. */
export function PublicStatsToggle({ onChanged }: { onChanged(): void }) {
  const { data } = useApiData(getPublicStats, []);
  const [value, setValue] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = value ?? data?.data.public ?? null;
  if (shown === null) return null;
  const change = async (next: boolean) => {
    setBusy(true);
    try {
      const res = await setPublicStats(next);
      setValue(res.data.public);
      toast.success(res.msg);
      onChanged();
    } catch (e) {
      toast.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Checkbox
      label="Show my name on the leaderboard"
      checked={shown}
      disabled={busy}
      onChange={(e) => void change(e.target.checked)}
      data-testid="public-stats"
    />
  );
}
