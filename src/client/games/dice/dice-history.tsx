// Bet history under the game: my bets and everyone's recent bets, each with a verify link.
// Recent bets arrive live on the public channel dice-bets; both lists reload after each of my bets.
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../lib/api.ts';
import { getMyDiceBets, getRecentDiceBets } from '../../lib/api/dice.ts';
import { DICE_BET_EVENT, DICE_CHANNEL, type DiceHistoryItem } from '../../../shared/api/dice.ts';
import { onPublicEvent } from '../../lib/public-channel.ts';
import { verifyLink } from './dice-links.ts';
import { HistoryTable, type HistoryColumn } from '../../components/fair/history-table.tsx';
import { HudTabs } from '../../components/hud/hud-tabs.tsx';
import { formatDollars } from '../../lib/format.ts';
import { replayColumn, shareColumn } from '../../features/replay/index.ts';

const columns: HistoryColumn<DiceHistoryItem>[] = [
  { header: 'Player', cell: (b) => b.user.name },
  { header: 'Bet', cell: (b) => formatDollars(b.amount) },
  { header: 'Target', cell: (b) => `${b.direction === 'over' ? '>' : '<'} ${b.target.toFixed(2)}` },
  { header: 'Roll', cell: (b) => b.roll.toFixed(2), testId: 'bet-roll' },
  { header: 'Multiplier', cell: (b) => `${b.multiplier.toFixed(4)}×` },
  { header: 'Payout', cell: (b) => formatDollars(b.payout) },
  { header: 'Fair', cell: (b) => <Link to={verifyLink(b)}>Verify</Link> },
  replayColumn('dice'),
];
/** My bets add Share to chat. */
const myColumns: HistoryColumn<DiceHistoryItem>[] = [
  ...columns,
  shareColumn('dice', (b) => ({ ...b, title: `Dice ${b.direction} ${b.target.toFixed(2)}`, stake: b.amount })),
];

/** Props: `version` changes after each settled bet or seed rotation (refetch). */
export function DiceHistory({ version, signedIn }: { version: number; signedIn: boolean }) {
  const [tab, setTab] = useState<'mine' | 'recent'>(signedIn ? 'mine' : 'recent');
  const [rows, setRows] = useState<DiceHistoryItem[]>([]);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const list = tab === 'mine' ? getMyDiceBets : getRecentDiceBets;
      setRows((await list(20)).data);
      setError(null);
    } catch (e) {
      setError(errorText(e));
    }
  }, [tab]);

  useEffect(() => {
    void load();
  }, [load, version]);

  useEffect(() => {
    if (tab !== 'recent') return;
    return onPublicEvent(
      DICE_BET_EVENT,
      (data) => {
        const bet = data as DiceHistoryItem;
        setRows((prev) => [bet, ...prev.filter((r) => r.id !== bet.id)].slice(0, 20));
      },
      DICE_CHANNEL,
    );
  }, [tab]);

  return (
    <section className="dice-history" aria-label="Bet history">
      <HudTabs
        tabs={[
          ...(signedIn ? [{ value: 'mine' as const, label: 'My bets' }] : []),
          { value: 'recent', label: 'Recent bets' },
        ]}
        value={tab}
        onChange={setTab}
      />
      {error && <p role="alert">{error}</p>}
      <HistoryTable
        rows={rows}
        columns={tab === 'mine' ? myColumns : columns}
        row={(b) => ({ key: b.id, 'data-testid': 'bet-row', className: b.win ? 'win' : 'lose' })}
      />
      {!rows.length && <p className="muted">No bets yet.</p>}
    </section>
  );
}
