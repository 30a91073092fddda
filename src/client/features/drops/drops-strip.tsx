// The live drops strip (spec §2 tile, §4 feed): GET /api/last-drops, then the public channel's
// lastDrop through DropsFeed (others after 3 s, own held while busy, newest first, cap 20). Each tile
// links to its box and, beside it, to the reel's replay.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Drop } from '../../../shared/api/boxes.ts';
import { getLastDrops } from '../../lib/api/boxes.ts';
import { startLiveDropsFeed } from './live-drops-feed.ts';
import './drops.css';
import { formatDollars } from '../../lib/format.ts';
import { replayPath } from '../../../shared/api/replay.ts';

/** One drop tile: item image (box image on hover), winner's avatar, price = sale_price ?? price; beside
 * it (a link cannot hold a link) the reel's replay when the drop names its opening. */
export function DropTile({ drop }: { drop: Drop }) {
  return (
    <div className="drop-cell">
      <DropLink drop={drop} />
      {drop.opening_id !== null && (
        <Link
          className="drop-replay"
          to={replayPath('box', drop.opening_id)}
          data-testid="drop-replay"
          aria-label={`Replay ${drop.user.name}'s ${drop.item.name}`}
          title="Replay"
        >
          ▶
        </Link>
      )}
    </div>
  );
}

function DropLink({ drop }: { drop: Drop }) {
  const price = drop.item.sale_price ?? drop.item.price;
  const free = drop.source === 'free_box'; // free-loot drops are marked and lead to /freeloot
  return (
    <Link
      to={free ? '/freeloot' : `/boxes/${drop.box.slug}`}
      className={`drop-tile rarity-${drop.item.rarity}`}
      data-testid="drop-tile"
      data-drop-id={drop.id}
      data-source={drop.source}
      title={`${drop.item.name} from ${drop.box.name}${free ? ' (free box)' : ''}`}
    >
      {free && (
        <span className="drop-free" data-testid="drop-free">
          Free
        </span>
      )}
      <img className="drop-item" src={drop.item.img_url} alt={drop.item.name} width={72} height={72} />
      <img className="drop-box" src={drop.box.img_url} alt={drop.box.name} width={72} height={72} />
      {drop.user.avatar_url ? (
        <img className="drop-avatar" src={drop.user.avatar_url} alt={drop.user.name} width={22} height={22} />
      ) : (
        <span className="drop-avatar drop-avatar-empty" aria-label={drop.user.name}>
          {drop.user.name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <span className="drop-price" data-testid="drop-price">
        {formatDollars(price)}
      </span>
    </Link>
  );
}

/** The strip; mount it anywhere (home, box page). */
export function DropsStrip() {
  const [drops, setDrops] = useState<Drop[]>([]);
  useEffect(() => {
    const { feed, stop } = startLiveDropsFeed(setDrops);
    let live = true;
    getLastDrops()
      .then((r) => live && feed.seed(r.data))
      .catch(() => undefined);
    return () => {
      live = false;
      stop();
    };
  }, []);
  return (
    <div className="drops-strip" data-testid="live-drops" aria-live="polite">
      {drops.length ? (
        drops.map((d) => <DropTile key={d.id} drop={d} />)
      ) : (
        <p className="muted">Recent wins from every box show up here as they happen.</p>
      )}
    </div>
  );
}
