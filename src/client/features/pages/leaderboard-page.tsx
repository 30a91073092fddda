// /leaderboard: the weekly race frame with the timer chip and period progress; the standings
// arrive with the leaderboard programme.
import { leaderboardCountdown } from '../../../shared/time/countdown.ts';
import { TimerChip } from '../../components/ui/timer-chip.tsx';
import { localTimeZone, useNow } from '../../components/ui/use-now.ts';
import { InfoPage } from './info/info-page.tsx';

/** The Leaderboard page. */
export default function LeaderboardPage() {
  const now = useNow();
  const c = leaderboardCountdown(now, localTimeZone());
  return (
    <InfoPage
      title="Leaderboard"
      testId="leaderboard-page"
      intro={
        <p>
          Every week the players who wager the most share a prize pool. The week ends every Thursday at 18:00 your time.
        </p>
      }
      sections={[
        {
          heading: 'Rules',
          body: (
            <ul>
              <li>Every bet and box opening counts with its full amount.</li>
              <li>
                The ranking resets when the week ends; prizes are credited to the balance of the winners right after.
              </li>
              <li>Accounts that break the terms of service are removed from the ranking.</li>
            </ul>
          ),
        },
      ]}
    >
      <div className="frame-card">
        <p>
          <strong>This week ends in</strong> <TimerChip remaining={c.remaining} />
        </p>
        <div
          className="progress"
          role="progressbar"
          aria-label="Week elapsed"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(c.progress)}
        >
          <span style={{ width: `${c.progress}%` }} />
        </div>
      </div>
      <div className="frame-card" data-testid="leaderboard-standings">
        <p className="muted">The standings will appear here once the weekly leaderboard opens.</p>
      </div>
    </InfoPage>
  );
}
