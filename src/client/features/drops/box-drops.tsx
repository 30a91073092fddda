// A box page's own drops (spec §4 Live drops, §7 GET /api/{boxes|free-boxes|user-boxes}/{slug}/last-drops):
// the box's recent drops with a "best" toggle (item price descending, cut to the limit), then this
// box's live drops through DropsFeed (others after 3 s, own held while busy and merged after).
import { useEffect, useState } from 'react';
import type { Drop } from '../../../shared/api/boxes.ts';
import { getBoxDrops, type BoxDropsKind } from '../../lib/api/boxes.ts';
import { DROP_CAP } from './drops-feed.ts';
import { startLiveDropsFeed } from './live-drops-feed.ts';
import { DropTile } from './drops-strip.tsx';
import './drops.css';

export type { BoxDropsKind } from '../../lib/api/boxes.ts';

/** Best mode: by item price descending (newest first among equals), cut to `limit`. */
export function bestDrops(drops: Drop[], limit: number): Drop[] {
  return [...drops].sort((a, b) => b.item.price - a.item.price || b.id - a.id).slice(0, limit);
}

/** The drops section of the box `slug`. */
export function BoxDrops({
  slug,
  kind = 'box',
  limit = DROP_CAP,
}: {
  slug: string;
  kind?: BoxDropsKind;
  limit?: number;
}) {
  const [best, setBest] = useState(false);
  const [drops, setDrops] = useState<Drop[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const { feed, stop } = startLiveDropsFeed(
      (list) => setDrops(best ? bestDrops(list, limit) : list),
      best ? limit * 2 : limit, // best mode keeps spare rows so a cheap new drop never pushes out a dear one
      (d) => d.box?.slug === slug && (kind !== 'free' || d.source === 'free_box'), // as the API filters
    );
    let live = true;
    setDrops(null);
    setFailed(false);
    getBoxDrops(kind, slug, best, limit)
      .then((r) => live && feed.seed(r.data))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      stop();
    };
  }, [slug, kind, best, limit]);

  return (
    <section className="box-drops" aria-labelledby="box-drops-title" data-testid="box-drops">
      <div className="box-drops-head">
        <h2 id="box-drops-title">{best ? 'Best drops' : 'Latest drops'}</h2>
        <button
          type="button"
          className={`btn btn-sm ${best ? 'btn-primary' : 'btn-outline'}`}
          aria-pressed={best}
          data-testid="box-drops-best"
          onClick={() => setBest((b) => !b)}
        >
          Best
        </button>
      </div>
      <div className="drops-strip" data-testid="box-drops-list" aria-live="polite">
        {failed ? (
          <p className="muted">The drops of this box could not be loaded.</p>
        ) : drops === null ? (
          <p className="muted">Loading drops...</p>
        ) : drops.length ? (
          drops.map((d) => <DropTile key={d.id} drop={d} />)
        ) : (
          <p className="muted">No one has opened this box yet.</p>
        )}
      </div>
    </section>
  );
}
