// /cashback: the live countdown to the daily 21:00 reset, the published rate (a share of the house
// edge of settled bets, shared/economics), the open window's settled bets and what they earned, the
// last closed window's claimable cashback with Claim, the claim history and the rates of every game.
import { useState } from 'react';
import { Link } from 'react-router';
import { CASHBACK_HOUR, cashbackCountdown, formatCountdown } from '../../../shared/time/countdown.ts';
import { PROGRAMME_TIME_ZONE } from '../../../shared/time/programme-windows.ts';
import { PROGRAMME_SHARE_BP, sharePercent } from '../../../shared/economics/programme-shares.ts';
import { ProgrammeRates } from '../../components/ui/programme-rates.tsx';

const CASHBACK_PERCENT = sharePercent(PROGRAMME_SHARE_BP.cashback);
import { useNow } from '../../components/ui/use-now.ts';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/toaster.tsx';
import { errorText } from '../../lib/api.ts';
import { claimCashback, getCashback } from '../../lib/api/programmes.ts';
import { formatDateTime, formatDollars } from '../../lib/format.ts';
import { loadProfile } from '../../lib/session.ts';
import { useApiData } from '../../lib/use-api-data.ts';
import { useSession } from '../../stores/session.ts';
import { InfoPage } from './info/info-page.tsx';
import './programmes.css';
import { PanelLoading } from '../../components/ui/page-status.tsx';

const windowText = (w: { from: string; to: string }) =>
  `${formatDateTime(w.from, PROGRAMME_TIME_ZONE)} – ${formatDateTime(w.to, PROGRAMME_TIME_ZONE)}`;

/** The player's figures, Claim and history (signed in only). */
export function CashbackPanel({ resetAt }: { resetAt: number }) {
  const [claimed, setClaimed] = useState(0);
  const { data, error, reload } = useApiData(getCashback, [], resetAt + claimed);
  const [busy, setBusy] = useState(false);
  const cb = data?.data;
  if (!cb)
    return (
      <div className="frame-card">
        <PanelLoading failed={error} what="Your cashback" />
      </div>
    );
  const claim = async () => {
    setBusy(true);
    try {
      const res = await claimCashback();
      toast.success(res.msg);
      setClaimed((n) => n + 1);
      void loadProfile(); // the header's balance
    } catch (e) {
      toast.error(errorText(e));
      reload();
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <div className="frame-card" data-testid="cashback-figures">
        <dl className="cashback-figures">
          <div>
            <dt>Rate</dt>
            <dd data-testid="cashback-rate">{cb.rate}%</dd>
          </div>
          <div>
            <dt>Settled bets today</dt>
            <dd data-testid="cashback-wagered">{formatDollars(cb.wagered)}</dd>
          </div>
          <div>
            <dt>Earned today</dt>
            <dd data-testid="cashback-accrued">{formatDollars(cb.accrued)}</dd>
          </div>
          <div>
            <dt>Claimable</dt>
            <dd data-testid="cashback-claimable">{formatDollars(cb.claimable)}</dd>
          </div>
        </dl>
        <p className="muted">
          Today&apos;s window: {windowText(cb.window)}. Claimable from {windowText(cb.claimable_window)} until the next
          reset.
        </p>
        <Button variant="gradient" loading={busy} disabled={cb.claimable <= 0} onClick={() => void claim()}>
          Claim {cb.claimable > 0 ? formatDollars(cb.claimable) : ''}
        </Button>
      </div>
      <div className="frame-card" data-testid="cashback-history">
        <h2>History</h2>
        {cb.history.length === 0 ? (
          <p className="muted">No cashback claimed yet.</p>
        ) : (
          <table className="board-table">
            <thead>
              <tr>
                <th scope="col">Window</th>
                <th scope="col">Settled bets</th>
                <th scope="col">Cashback</th>
              </tr>
            </thead>
            <tbody>
              {cb.history.map((h) => (
                <tr key={h.window.to}>
                  <td>{windowText(h.window)}</td>
                  <td>{formatDollars(h.wagered)}</td>
                  <td>{formatDollars(h.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </>
  );
}

/** The Cashback page. */
export default function CashbackPage() {
  const now = useNow();
  const signedIn = useSession((s) => s.user !== null);
  const c = cashbackCountdown(now, PROGRAMME_TIME_ZONE);
  return (
    <InfoPage
      title="Cashback"
      testId="cashback-page"
      intro={
        <p>
          Get {CASHBACK_PERCENT}% of the house edge on your settled bets back every day, win or lose. The day runs from{' '}
          {CASHBACK_HOUR}:00 to {CASHBACK_HOUR}:00 {PROGRAMME_TIME_ZONE} time.
        </p>
      }
      sections={[]}
    >
      <div className="frame-card" data-testid="cashback-countdown">
        <strong>Until cashback</strong>{' '}
        <time role="timer" className="cashback-time">
          {formatCountdown(c.remaining)}
        </time>
      </div>
      {signedIn ? (
        <CashbackPanel resetAt={c.target} />
      ) : (
        <div className="frame-card">
          <p className="muted">Sign in to see and claim your cashback.</p>
        </div>
      )}
      <section className="frame-card" aria-labelledby="cashback-how">
        <h2 id="cashback-how">How it works</h2>
        <ul>
          <li>
            Every bet that settles in the day&apos;s window — a dice roll, a box opening, an upgrade, a Bounce drop, a
            Rocket or Crazy Wheel round, a battle — earns {CASHBACK_PERCENT}% of its house edge: its stake × the
            game&apos;s edge. $100 on dice (1% edge) earns $0.10, win or lose. A bet that is refunded or canceled earns
            nothing.
          </li>
          <li>
            When the window closes at {CASHBACK_HOUR}:00, what it earned becomes claimable here until the next window
            closes. Claim it once; unclaimed cashback expires.
          </li>
          <li>Cashback is balance like any other and can be played at once.</li>
        </ul>
        <ProgrammeRates focus="cashback" />
        <p className="muted">
          Questions? See the <Link to="/faq">FAQ</Link>.
        </p>
      </section>
    </InfoPage>
  );
}
