// A box in the grid: image, name, price; links to /{type}/{slug}.
import { Link } from 'react-router';
import type { BoxSummary } from '../../../shared/api/boxes.ts';
import { formatDollars } from '../../lib/format.ts';

/** One box tile. */
export function BoxCard({ box }: { box: BoxSummary }) {
  return (
    <Link to={box.url} className="box-card" data-testid="box-card" data-slug={box.slug}>
      <img src={box.img_url} alt="" width={160} height={160} loading="lazy" />
      <span className="box-card-name">{box.name}</span>
      <span className="box-card-type muted">{box.type}</span>
      <span className="box-card-price">{formatDollars(box.price)}</span>
    </Link>
  );
}
