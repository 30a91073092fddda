// A box page at /{boxtype}/{boxname} and /boxes/{slug}: image, price, every item with image,
// rarity and chance, the expected value and the sell-back value. Its own check: an unknown box
// (or a type that does not match) shows the 404 "Page Not Found". The opening controls and reels
// (games/boxes) load as their own chunk; this box's drops (with the best toggle) sit under them.
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { BoxDrops } from '../drops/index.ts';
import { BoxOpeningsPanel } from './box-openings-panel.tsx';
import { BoxCreator } from '../custom-boxes/index.ts';
import { ApiError } from '../../lib/api.ts';
import { getBox } from '../../lib/api/boxes.ts';
import { formatChance, formatDollars } from '../../lib/format.ts';
import { ItemTile } from './item-tile.tsx';
import { throwPageNotFound } from './not-found.ts';
import { useApiData } from '../../lib/use-api-data.ts';
import './boxes.css';
import { PageError, PageLoading } from '../../components/ui/page-status.tsx';

const BoxOpener = lazy(() => import('../../games/boxes/box-opener.tsx'));

const slugPattern = /^[a-z0-9-]{1,64}$/;

/** The box page. */
export default function BoxPage() {
  const { slug, boxtype, boxname } = useParams();
  const name = slug ?? boxname ?? '';
  const valid = slugPattern.test(name);
  const { data, error } = useApiData(getBox, valid ? [name] : null);
  const box = data?.data;
  if (
    !valid ||
    (error instanceof ApiError && (error.status === 404 || error.status === 422)) ||
    (box && boxtype !== undefined && box.type !== boxtype)
  ) {
    throwPageNotFound();
  }
  if (error) return <PageError error={error} />;
  if (!box) return <PageLoading />;

  return (
    <section className="page page-wide" data-testid="box-page">
      <div className="box-hero">
        <img src={box.img_url} alt={`${box.name} box`} width={220} height={220} />
        <div>
          <h1>{box.name}</h1>
          {box.type === 'custom' && <BoxCreator slug={box.slug} />}
          <p className="box-price" data-testid="box-price">
            {formatDollars(box.price)}
          </p>
          <dl className="box-stats">
            <dt>Expected value</dt>
            <dd data-testid="box-ev">{formatDollars(box.expected_value)}</dd>
            <dt>Instant sell-back value</dt>
            <dd data-testid="box-sellback">{formatDollars(box.sell_back_value)}</dd>
            <dt>House edge</dt>
            <dd>
              {box.house_edge}% (price = expected value × {1 + box.house_edge / 100})
            </dd>
            <dt>Odds version</dt>
            <dd>
              v{box.version} · {box.total_tickets.toLocaleString('en-US')} tickets
            </dd>
          </dl>
        </div>
      </div>
      <Suspense fallback={<p className="muted">Loading the reels...</p>}>
        <BoxOpener box={box} />
      </Suspense>
      <BoxOpeningsPanel slug={box.slug} />
      <BoxDrops slug={box.slug} kind={box.type === 'custom' ? 'user' : 'box'} />
      <h2>What’s inside ({box.items.length} items)</h2>
      <div className="item-grid">
        {box.items.map((it) => (
          <ItemTile key={it.id} product={it} testId="box-item">
            <span className="item-chance" data-testid="item-chance" data-tickets={it.tickets}>
              {formatChance(it.chance)}
            </span>
            <span className="muted" title="Tickets out of 100,000">
              #{it.ticket_from.toLocaleString('en-US')}–{it.ticket_to.toLocaleString('en-US')}
            </span>
          </ItemTile>
        ))}
      </div>
    </section>
  );
}
