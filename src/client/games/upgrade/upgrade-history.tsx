// My upgrades under the game, each with a verify link; "Reveal server seed" rotates the pair so
// the links carry the seed and every past roll can be recomputed.
import { useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../lib/api.ts';
import { getSeeds, rotateSeeds } from '../../lib/api/fair.ts';
import { getUpgradeHistory } from '../../lib/api/upgrade.ts';
import type { Upgrade } from '../../../shared/api/upgrade.ts';
import { upgradeVerifyLink } from './upgrade-links.ts';
import { formatDollars } from '../../lib/format.ts';
import { useApiData } from '../../lib/use-api-data.ts';
import { HistoryTable, type HistoryColumn } from '../../components/fair/history-table.tsx';
import { replayColumn, shareColumn } from '../../features/replay/index.ts';

const columns: HistoryColumn<Upgrade>[] = [
  {
    header: 'Stake',
    cell: (u) =>
      `${u.stake.item_ids.length} item${u.stake.item_ids.length === 1 ? '' : 's'}` +
      `${u.stake.balance > 0 ? ` + ${formatDollars(u.stake.balance)}` : ''} (${formatDollars(u.stake.total)})`,
  },
  { header: 'Target', cell: (u) => `${u.target.name} (${formatDollars(u.target.price)})` },
  { header: 'Chance', cell: (u) => `${u.chance.toFixed(2)}%` },
  { header: 'Roll', cell: (u) => u.roll.toFixed(2), testId: 'upgrade-row-roll' },
  { header: 'Result', cell: (u) => (u.win ? 'Won' : 'Lost') },
  { header: 'Fair', cell: (u) => <Link to={upgradeVerifyLink(u)}>Verify</Link> },
  replayColumn('upgrade'),
  shareColumn('upgrade', (u) => ({
    id: u.id,
    title: `Upgrade to ${u.target.name}`,
    stake: u.stake.total,
    payout: u.win ? u.target.price : 0,
  })),
];

/** Props: `version` changes after each settled upgrade (refetch). */
export function UpgradeHistory({ version }: { version: number }) {
  const [rotated, setRotated] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const history = useApiData(getUpgradeHistory, [20], version + rotated);
  const seeds = useApiData(getSeeds, [], version + rotated);
  const rotate = async () => {
    try {
      await rotateSeeds();
      setRotated((n) => n + 1);
      setError(null);
    } catch (e) {
      setError(errorText(e));
    }
  };
  const rows = history.data?.data ?? [];

  return (
    <section className="upgrade-history" aria-label="Upgrade history">
      <h2>My upgrades</h2>
      {seeds.data && (
        <p className="muted small">
          Active server seed (SHA-256): <code data-testid="upgrade-seed-hash">{seeds.data.data.server_seed_hash}</code>{' '}
          · nonce {seeds.data.data.nonce} ·{' '}
          <button type="button" onClick={() => void rotate()}>
            Reveal server seed (rotate pair)
          </button>
        </p>
      )}
      {error && <p role="alert">{error}</p>}
      <HistoryTable
        rows={rows}
        columns={columns}
        row={(u) => ({ key: u.id, 'data-testid': 'upgrade-row', className: u.win ? 'win' : 'lose' })}
      />
      {history.data && !rows.length && <p className="muted">No upgrades yet.</p>}
    </section>
  );
}
