// /cashback: the programme frame with the live countdown to the daily 21:00 reset; the player's
// figures arrive with the cashback programme.
import { Link } from 'react-router';
import {
  CASHBACK_HOUR,
  CASHBACK_TIME_ZONE,
  cashbackCountdown,
  formatCountdown,
} from '../../../shared/time/countdown.ts';
import { useNow } from '../../components/ui/use-now.ts';
import { InfoPage } from './info/info-page.tsx';

/** The Cashback page. */
export default function CashbackPage() {
  const now = useNow();
  return (
    <InfoPage
      title="Cashback"
      testId="cashback-page"
      intro={
        <p>
          Get part of your net losses back every day. Cashback is calculated daily at {CASHBACK_HOUR}:00 Berlin time (
          {CASHBACK_TIME_ZONE}).
        </p>
      }
      sections={[
        {
          heading: 'How it works',
          body: (
            <ul>
              <li>Your net result is your wagers minus your winnings over the day, from one reset to the next.</li>
              <li>
                If it is a loss, a share of it is credited to your balance at the reset; the share grows with your
                level.
              </li>
              <li>Cashback is balance like any other and can be played at once.</li>
            </ul>
          ),
        },
      ]}
    >
      <div className="frame-card" data-testid="cashback-countdown">
        <strong>Until cashback</strong>{' '}
        <time role="timer" className="cashback-time">
          {formatCountdown(cashbackCountdown(now).remaining)}
        </time>
      </div>
      <div className="frame-card">
        <p className="muted">
          Your cashback figures will appear here once the cashback programme opens. Questions? See the{' '}
          <Link to="/faq">FAQ</Link>.
        </p>
      </div>
    </InfoPage>
  );
}
