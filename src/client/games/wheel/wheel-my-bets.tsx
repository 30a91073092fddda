// "My bets" beside the wheel's boards (issue 29): the signed-in player's settled bets from
// GET /api/wheel/my-bets, newest first, fetched again after each landing; each row opens its replay
// and shares it to the chat.
import { useApiData } from '../../lib/use-api-data.ts';
import { getMyWheelBets } from '../../lib/api/wheel.ts';
import { errorText } from '../../lib/api.ts';
import { formatDollars } from '../../lib/format.ts';
import { WHEEL_PAYOUTS } from '../../../shared/games/wheel/wheel.layout.ts';
import { ReplayLink, ShareToChat, shareMessage } from '../../features/replay/index.ts';

/** Rows fetched and shown. */
const SHOWN = 20;

/** The player's settled bets (`version` changes after each landing). */
export function WheelMyBets({ version }: { version: number }) {
  const res = useApiData(getMyWheelBets, [SHOWN], version);
  const list = res.data?.data ?? [];
  return (
    <section className="wheel-board" aria-label="My bets" data-testid="wheel-my-bets">
      <h2>My bets</h2>
      {res.error && !res.data ? (
        <p className="muted">{errorText(res.error)}</p>
      ) : list.length === 0 ? (
        <p className="muted">{res.loading && !res.data ? 'Loading...' : 'Your settled bets show up here.'}</p>
      ) : (
        <ol className="wheel-board-list">
          {list.map((b) => (
            <li
              key={b.id}
              className="wheel-board-row"
              data-testid="wheel-my-bet"
              data-bet={b.id}
              data-status={b.status}
            >
              <span className={`wheel-chip wheel-${b.color}`} aria-label={b.color} />
              <span className="wheel-board-name">Round #{b.round_id}</span>
              <span className="wheel-board-value">
                {b.status === 'won' ? `+${formatDollars(b.payout ?? 0)}` : `−${formatDollars(b.amount)}`}
              </span>
              <ReplayLink game="wheel" id={b.id} />
              <ShareToChat
                small
                game="wheel"
                id={b.id}
                message={shareMessage(`Crazy Wheel ${b.color} ×${WHEEL_PAYOUTS[b.color]}`, b.amount, b.payout ?? 0)}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
