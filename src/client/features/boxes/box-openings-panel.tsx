// "My openings" under a box (signed-in players only): the latest reels of this box with ticket,
// item, nonce and a verify link. It reloads when the balance settles after an opening (the
// session applies it once the reels stop, so the list never spoils a result) and after a rotation.
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { OpeningsResponse } from '../../../shared/api/box-fair.ts';
import { errorText } from '../../lib/api.ts';
import { listBoxOpenings } from '../../lib/api/boxes.ts';
import { rotateSeeds } from '../../lib/api/fair.ts';
import { useSession } from '../../stores/session.ts';
import { boxVerifyLink } from './box-fair-links.ts';
import { formatDateTime, formatDollars } from '../../lib/format.ts';
import { HistoryTable, type HistoryColumn } from '../../components/fair/history-table.tsx';

const LIMIT = 10; // rows shown

const columns: HistoryColumn<OpeningsResponse['data'][number]>[] = [
  {
    header: 'Item',
    className: (o) => `rarity-${o.item.rarity}`,
    cell: (o) => (
      <>
        <img src={o.item.img_url} alt="" width={32} height={32} loading="lazy" /> {o.item.name}
      </>
    ),
  },
  { header: 'Ticket', cell: (o) => o.ticket },
  { header: 'Version', cell: (o) => `v${o.version}` },
  { header: 'Nonce', cell: (o) => o.nonce },
  { header: 'Price', cell: (o) => formatDollars(o.price) },
  { header: 'When', cell: (o) => formatDateTime(o.created_at) },
  {
    header: 'Fair',
    cell: (o) => (
      <Link
        to={boxVerifyLink(o)}
        data-testid="verify-link"
        title={o.server_seed ? 'Recompute this opening' : 'Rotate your seed pair first to reveal the server seed'}
      >
        {o.server_seed ? 'Verify' : 'Verify (after rotation)'}
      </Link>
    ),
  },
];

/** The signed-in player's recent openings of the box `slug`; renders nothing for guests. */
export function BoxOpeningsPanel({ slug }: { slug: string }) {
  const userId = useSession((s) => s.user?.id ?? null);
  const balance = useSession((s) => s.user?.balance ?? null);
  const busy = useSession((s) => s.busy);
  const [rows, setRows] = useState<OpeningsResponse['data'] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);

  const load = useCallback(async () => {
    try {
      setRows((await listBoxOpenings(slug, LIMIT)).data);
      setError(null);
    } catch (e) {
      setError(errorText(e));
    }
  }, [slug]);

  useEffect(() => {
    if (userId !== null && !busy) void load();
  }, [load, userId, balance, busy, tick]);

  if (userId === null) return null;

  const rotate = async () => {
    try {
      await rotateSeeds();
      setTick((n) => n + 1);
    } catch (e) {
      setError(errorText(e));
    }
  };
  const hidden = rows?.some((r) => !r.server_seed) ?? false;

  return (
    <section className="box-openings" aria-labelledby="box-openings-title" data-testid="box-openings">
      <h2 id="box-openings-title">My openings</h2>
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      {hidden && (
        <p className="muted">
          Openings on your active seed pair show only the server seed hash.{' '}
          <button
            type="button"
            className="btn btn-sm btn-outline"
            data-testid="rotate-seed"
            onClick={() => void rotate()}
          >
            Rotate seed pair
          </button>{' '}
          reveals the server seed so you can verify them (new openings use the next pair).
        </p>
      )}
      {rows && rows.length > 0 && (
        <HistoryTable
          className="box-openings-table"
          rows={rows}
          columns={columns}
          row={(o) => ({
            key: o.id,
            'data-testid': 'opening-row',
            'data-opening-id': o.id,
            'data-item-id': o.item.id,
            'data-ticket': o.ticket,
          })}
        />
      )}
      {rows && rows.length === 0 && <p className="muted">You have not opened this box yet.</p>}
    </section>
  );
}
