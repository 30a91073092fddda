// /leaderboard: the weekly race: the timer chip and progress to Thursday 18:00 in the programme's
// zone (the server's period), the podium, the standings with the player's row, prizes and last
// week's winners. The standings load again when the week turns.
import { leaderboardCountdown } from '../../../shared/time/countdown.ts';
import { PROGRAMME_TIME_ZONE } from '../../../shared/time/programme-windows.ts';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';
import { TimerChip } from '../../components/ui/timer-chip.tsx';
import { useNow } from '../../components/ui/use-now.ts';
import { useApiData } from '../../lib/use-api-data.ts';
import { getLeaderboard } from '../../lib/api/programmes.ts';
import { useSession } from '../../stores/session.ts';
import { LeaderboardBoard, PublicStatsToggle, periodText } from './leaderboard-board.tsx';
import { InfoPage } from './info/info-page.tsx';
import './programmes.css';
import { PanelLoading } from '../../components/ui/page-status.tsx';

/** The Leaderboard page. */
export default function LeaderboardPage() {
  const now = useNow();
  const myId = useSession((s) => s.user?.id ?? null);
  const c = leaderboardCountdown(now, PROGRAMME_TIME_ZONE);
  const { data, error, reload } = useApiData(getLeaderboard, [], c.target + (myId ?? 0));
  const board = data?.data ?? null;
  return (
    <InfoPage
      title="Leaderboard"
      testId="leaderboard-page"
      intro={
        <p>
          Every week the players who wager the most share the prize pool. The week ends every Thursday at 18:00{' '}
          {PROGRAMME_TIME_ZONE} time; prizes are credited to the winners&apos; balances right after.
        </p>
      }
      sections={[]}
    >
      <div className="frame-card">
        <p>
          <strong>This week ends in</strong> <TimerChip remaining={c.remaining} />
        </p>
        <ProgressBar className="progress" label="Week elapsed" percent={c.progress} />
        {board && (
          <p className="muted" data-testid="leaderboard-period">
            Week: {periodText(board.period, board.time_zone)}
          </p>
        )}
      </div>
      {!board && (
        <div className="frame-card">
          <PanelLoading failed={error} what="The leaderboard" />
        </div>
      )}
      {board && <LeaderboardBoard board={board} myId={myId} />}
      {myId !== null && (
        <div className="frame-card">
          <PublicStatsToggle onChanged={reload} />
        </div>
      )}
      <section className="frame-card" aria-labelledby="leaderboard-rules">
        <h2 id="leaderboard-rules">Rules</h2>
        <ul>
          <li>Every bet, box opening and upgrade counts with its full amount; winnings do not reduce it.</li>
          <li>Ties go to the older account. Players who hide their statistics appear as &quot;Hidden player&quot;.</li>
          <li>Accounts that break the terms of service are removed from the ranking.</li>
        </ul>
      </section>
    </InfoPage>
  );
}
