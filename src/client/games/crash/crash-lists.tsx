// The tabs under the stage: this round's players (live cash-outs, largest bets first), my bets
// (with the round's crash point and a verify link) and the leaderboard (biggest wins or
// multipliers of the day, week or all time; only truthy filters are sent). Every settled row opens its replay.
import { useState } from 'react';
import { HudTabs } from '../../components/hud/hud-tabs.tsx';
import { HudSelect } from '../../components/hud/hud-select.tsx';
import { Link } from 'react-router';
import type { CrashLeaderboardEntry, CrashMyBet } from '../../../shared/api/crash.ts';
import { HistoryTable, type HistoryColumn } from '../../components/fair/history-table.tsx';
import { useApiData } from '../../lib/use-api-data.ts';
import { getCrashLeaderboard, getMyCrashBets } from '../../lib/api/crash.ts';
import { errorText } from '../../lib/api.ts';
import { formatDollars } from '../../lib/format.ts';
import { formatMultiplier } from './crash-format.ts';
import type { PlayerRow } from './crash-players.ts';
import { ReplayLink, ShareToChat, shareMessage } from '../../features/replay/index.ts';

const playerColumns: HistoryColumn<PlayerRow>[] = [
  { header: 'Player', cell: (r) => r.user.name, testId: 'player-name' },
  { header: 'Bet', cell: (r) => formatDollars(r.amount), testId: 'player-amount' },
  {
    header: 'Cash-out',
    cell: (r) =>
      r.multiplier !== null
        ? formatMultiplier(r.multiplier)
        : r.state === 'lost'
          ? 'busted'
          : r.state === 'refunded'
            ? 'refunded'
            : '—',
  },
  { header: 'Win', cell: (r) => (r.payout ? formatDollars(r.payout) : '—') },
];

const myColumns: HistoryColumn<CrashMyBet>[] = [
  { header: 'Round', cell: (b) => b.round_id },
  { header: 'Bet', cell: (b) => formatDollars(b.amount) },
  { header: 'Cash-out', cell: (b) => (b.multiplier !== null ? formatMultiplier(b.multiplier) : '—') },
  { header: 'Payout', cell: (b) => (b.payout !== null ? formatDollars(b.payout) : '—') },
  { header: 'Crash', cell: (b) => (b.crash_point !== null ? formatMultiplier(b.crash_point) : '…') },
  { header: 'Status', cell: (b) => b.status.replace('_', ' ') },
  { header: 'Replay', cell: (b) => (b.crash_point !== null ? <ReplayLink game="crash" id={b.id} /> : '…') },
  {
    header: 'Share',
    cell: (b) =>
      b.crash_point !== null && b.status !== 'refunded' ? (
        <ShareToChat
          small
          game="crash"
          id={b.id}
          message={shareMessage(`Rocket round #${b.round_id}`, b.amount, b.payout ?? 0)}
        />
      ) : (
        '…'
      ),
  },
];

/** The leaderboard's columns; a cash-out of the round still flying (`flying`) replays once it busts. */
const boardColumns = (flying: number | null): HistoryColumn<CrashLeaderboardEntry>[] => [
  { header: 'Player', cell: (e) => e.user.name },
  { header: 'Bet', cell: (e) => formatDollars(e.amount) },
  { header: 'Multiplier', cell: (e) => formatMultiplier(e.multiplier) },
  { header: 'Win', cell: (e) => formatDollars(e.win_amount) },
  { header: 'Round', cell: (e) => e.round_id },
  { header: 'Replay', cell: (e) => (e.round_id === flying ? '…' : <ReplayLink game="crash" id={e.id} />) },
];

function MyBets({ version }: { version: number }) {
  const { data, error } = useApiData(getMyCrashBets, [20], version);
  if (error) return <p className="muted">{errorText(error)}</p>;
  return (
    <HistoryTable
      className="crash-table"
      rows={data?.data ?? []}
      columns={myColumns}
      row={(b) => ({ key: b.id, 'data-status': b.status })}
    />
  );
}

const SORTS = [
  { value: 'win_amount', label: 'Biggest wins' },
  { value: 'multiplier', label: 'Highest multipliers' },
] as const;
const PERIODS = [
  { value: 'day', label: 'Today' },
  { value: 'week', label: 'This week' },
  { value: 'all', label: 'All time' },
] as const;

function Leaderboard({ flying }: { flying: number | null }) {
  const [sort, setSort] = useState<(typeof SORTS)[number]['value']>('win_amount');
  const [period, setPeriod] = useState<(typeof PERIODS)[number]['value']>('day');
  const { data, error } = useApiData(getCrashLeaderboard, [{ sort, period }]);
  return (
    <>
      <div className="crash-filters">
        <HudSelect label="Sort" name="sort" options={SORTS} value={sort} onChange={setSort} />
        <HudSelect label="Period" name="period" options={PERIODS} value={period} onChange={setPeriod} />
      </div>
      {error ? (
        <p className="muted">{errorText(error)}</p>
      ) : (
        <HistoryTable
          className="crash-table"
          rows={data?.data ?? []}
          columns={boardColumns(flying)}
          row={(e) => ({ key: e.id, 'data-bet': e.id })}
        />
      )}
    </>
  );
}

/** The tabs. `version` changes after each of my settled bets (my bets reload); `flying`: the round in
 * the air (null between rounds), whose cash-outs have no replay yet. */
export function CrashLists({
  players,
  signedIn,
  version,
  flying,
}: {
  players: PlayerRow[];
  signedIn: boolean;
  version: number;
  flying: number | null;
}) {
  const [tab, setTab] = useState<'players' | 'mine' | 'board'>('players');
  const total = players.reduce((s, r) => s + r.amount, 0);
  return (
    <section className="crash-lists">
      <HudTabs
        tabs={[
          { value: 'players', label: `Players (${players.length})` },
          ...(signedIn ? [{ value: 'mine' as const, label: 'My bets' }] : []),
          { value: 'board', label: 'Leaderboard' },
        ]}
        value={tab}
        onChange={setTab}
      />
      {tab === 'players' && (
        <div data-testid="crash-players">
          <p className="muted">Total bet {formatDollars(Math.round(total * 100) / 100)}</p>
          <HistoryTable
            className="crash-table"
            rows={players}
            columns={playerColumns}
            row={(r) => ({ key: r.id, className: `crash-row-${r.state}`, 'data-state': r.state })}
          />
        </div>
      )}
      {tab === 'mine' && signedIn && <MyBets version={version} />}
      {tab === 'board' && <Leaderboard flying={flying} />}
      <p className="muted">
        <Link to="/rocket/provably-fair">How every crash point is fixed in advance</Link>
      </p>
    </section>
  );
}
