// The wheel's two lists under the history strip (spec §7 calls, issue 26 item 13): "Recent bets",
// this round's bets from GET /api/wheel/recent-bets (fetched again each round) kept live by the
// wheel:bets socket events the page already gets; and "Top payouts", the largest wins of the last
// 24 hours from GET /api/wheel/top-payouts, fetched again after each landing. A settled bet's row
// links to its replay.
import { useApiData } from '../../lib/use-api-data.ts';
import { getWheelRecentBets, getWheelTopPayouts } from '../../lib/api/wheel.ts';
import { formatDollars } from '../../lib/format.ts';
import { mergeBet, type PanelBet } from './use-wheel-round.ts';
import { ReplayLink } from '../../features/replay/index.ts';

/** Rows shown in each list. */
const SHOWN = 20;

/** This round's bets: the server's list for `roundId` with the live ones merged over it, newest first. */
export function recentBetsOf(fetched: PanelBet[], live: PanelBet[], roundId: number): PanelBet[] {
  const base = fetched.filter((b) => b.round_id === roundId && b.status !== 'canceled');
  return live
    .filter((b) => b.round_id === roundId)
    .reduce(mergeBet, base)
    .sort((a, b) => b.id - a.id);
}

function BetRow({ bet, value }: { bet: PanelBet; value: string }) {
  return (
    <li className="wheel-board-row" data-testid="wheel-board-row" data-bet={bet.id} data-status={bet.status}>
      <span className={`wheel-chip wheel-${bet.color}`} aria-label={bet.color} />
      <span className="wheel-board-name">{bet.user.name}</span>
      <span className="wheel-board-value">{value}</span>
      {(bet.status === 'won' || bet.status === 'lost') && <ReplayLink game="wheel" id={bet.id} />}
    </li>
  );
}

/** "Recent bets": the round's bets, live. */
export function WheelRecentBets({ roundId, live }: { roundId: number; live: PanelBet[] }) {
  const res = useApiData(getWheelRecentBets, roundId ? [] : null, roundId);
  const list = recentBetsOf(res.data?.data ?? [], live, roundId);
  return (
    <section className="wheel-board" aria-label="Recent bets" data-testid="wheel-recent-bets" data-round={roundId}>
      <h2>Recent bets</h2>
      {list.length === 0 ? (
        <p className="muted">{res.loading && !res.data ? 'Loading...' : 'No bets this round yet.'}</p>
      ) : (
        <ol className="wheel-board-list">
          {list.slice(0, SHOWN).map((b) => (
            <BetRow
              key={b.id}
              bet={b}
              value={b.status === 'won' && b.payout !== null ? `+${formatDollars(b.payout)}` : formatDollars(b.amount)}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

/** "Top payouts": the largest wins of the last 24 hours (`version` changes after each landing). */
export function WheelTopPayouts({ version }: { version: number }) {
  const res = useApiData(getWheelTopPayouts, [], version);
  const list = res.data?.data ?? [];
  return (
    <section className="wheel-board" aria-label="Top payouts" data-testid="wheel-top-payouts">
      <h2>Top payouts</h2>
      {list.length === 0 ? (
        <p className="muted">{res.loading && !res.data ? 'Loading...' : 'No wins in the last 24 hours.'}</p>
      ) : (
        <ol className="wheel-board-list">
          {list.slice(0, SHOWN).map((b) => (
            <BetRow key={b.id} bet={b} value={formatDollars(b.payout ?? 0)} />
          ))}
        </ol>
      )}
    </section>
  );
}
