// Under the board: my drops (GET /api/plinko/current), everyone's drops live on the public channel
// plinko-bets, and the leaderboard (sort by win amount or multiplier, period). Rows link to the
// provably-fair page prefilled.
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../lib/api.ts';
import { getPlinkoCurrent, getPlinkoLeaderboard } from '../../lib/api/plinko.ts';
import {
  PLINKO_BET_EVENT,
  PLINKO_CHANNEL,
  type PlinkoHistoryItem,
  type PlinkoLeaderboardItem,
} from '../../../shared/api/plinko.ts';
import { onPublicEvent } from '../../lib/public-channel.ts';
import { HistoryTable, type HistoryColumn } from '../../components/fair/history-table.tsx';
import { HudTabs } from '../../components/hud/hud-tabs.tsx';
import { formatDollars } from '../../lib/format.ts';
import { verifyLink } from './plinko-links.ts';
import { HudSelect } from '../../components/hud/hud-select.tsx';
import { replayColumn, shareColumn } from '../../features/replay/index.ts';

type Tab = 'mine' | 'recent' | 'leaderboard';
const TABS: readonly { value: Tab; label: string }[] = [
  { value: 'mine', label: 'My bets' }, // signed-in players only: first, so a guest's list is TABS.slice(1)
  { value: 'recent', label: 'Live' },
  { value: 'leaderboard', label: 'Leaderboard' },
];
type Sort = 'win_amount' | 'multiplier';
type Period = '' | 'day' | 'week' | 'all';

const SORTS = [
  { value: 'win_amount', label: 'Win amount' },
  { value: 'multiplier', label: 'Multiplier' },
] as const satisfies readonly { value: Sort; label: string }[];
const PERIODS = [
  { value: '', label: 'Any' },
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'all', label: 'All time' },
] as const satisfies readonly { value: Period; label: string }[];

const columns: HistoryColumn<PlinkoHistoryItem>[] = [
  { header: 'Player', cell: (b) => b.user.name },
  { header: 'Bet', cell: (b) => formatDollars(b.amount) },
  { header: 'Rows', cell: (b) => `${b.rows} ${b.risk}` },
  { header: 'Bucket', cell: (b) => String(b.bucket), testId: 'bet-bucket' },
  { header: 'Multiplier', cell: (b) => `${b.multiplier}×` },
  { header: 'Payout', cell: (b) => formatDollars(b.payout) },
  { header: 'Fair', cell: (b) => <Link to={verifyLink(b)}>Verify</Link> },
  replayColumn('plinko'),
];
/** My drops add Share to chat. */
const myColumns: HistoryColumn<PlinkoHistoryItem>[] = [
  ...columns,
  shareColumn('plinko', (b) => ({ ...b, title: `Bounce ${b.rows} rows ${b.risk}`, stake: b.amount })),
];

const boardColumns: HistoryColumn<PlinkoLeaderboardItem>[] = [
  { header: 'Player', cell: (b) => b.user.name },
  { header: 'Bet', cell: (b) => formatDollars(b.amount) },
  { header: 'Rows', cell: (b) => `${b.rows} ${b.risk}` },
  { header: 'Multiplier', cell: (b) => `${b.multiplier}×` },
  { header: 'Win', cell: (b) => formatDollars(b.win_amount) },
];

/** Props: `version` changes after each landed drop (refetch). */
export function PlinkoHistory({ version, signedIn }: { version: number; signedIn: boolean }) {
  const [tab, setTab] = useState<Tab>(signedIn ? 'mine' : 'recent');
  const [rows, setRows] = useState<PlinkoHistoryItem[]>([]);
  const [board, setBoard] = useState<PlinkoLeaderboardItem[]>([]);
  const [sort, setSort] = useState<Sort>('win_amount');
  const [period, setPeriod] = useState<Period>('');
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      if (tab === 'mine') setRows((await getPlinkoCurrent()).data.bets);
      if (tab === 'leaderboard') {
        setBoard((await getPlinkoLeaderboard({ sort, period })).data);
      }
      setError(null);
    } catch (e) {
      setError(errorText(e));
    }
  }, [tab, sort, period]);

  useEffect(() => {
    void load();
  }, [load, version]);

  useEffect(() => {
    if (tab !== 'recent') return;
    setRows([]);
    return onPublicEvent(
      PLINKO_BET_EVENT,
      (data) => setRows((prev) => [data as PlinkoHistoryItem, ...prev].slice(0, 20)),
      PLINKO_CHANNEL,
    );
  }, [tab]);

  return (
    <section className="dice-history plinko-history" aria-label="Drops">
      <HudTabs tabs={signedIn ? TABS : TABS.slice(1)} value={tab} onChange={setTab} />
      {error && <p role="alert">{error}</p>}
      {tab === 'leaderboard' ? (
        <>
          <div className="plinko-filters">
            <HudSelect label="Sort" name="sort" options={SORTS} value={sort} onChange={setSort} />
            <HudSelect label="Period" name="period" options={PERIODS} value={period} onChange={setPeriod} />
          </div>
          <HistoryTable
            rows={board}
            columns={boardColumns}
            row={(b) => ({ key: `${b.user.id}:${b.created_at}:${b.win_amount}`, 'data-testid': 'leader-row' })}
          />
        </>
      ) : (
        <HistoryTable
          rows={rows}
          columns={tab === 'mine' ? myColumns : columns}
          row={(b) => ({ key: b.id, 'data-testid': 'bet-row', className: b.multiplier >= 1 ? 'win' : 'lose' })}
        />
      )}
      {tab !== 'leaderboard' && !rows.length && <p className="muted">No drops yet.</p>}
    </section>
  );
}
