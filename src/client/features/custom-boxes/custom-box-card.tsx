// A custom box in a grid: image, name, creator, price and openings; links to /custom/{slug}.
import { Link } from 'react-router';
import type { CustomBoxSummary } from '../../../shared/api/user-boxes.ts';
import { formatDollars } from '../../lib/format.ts';

/** One custom box tile; `children` adds rows (e.g. earnings on /profile/my-boxes). */
export function CustomBoxCard({ box, children }: { box: CustomBoxSummary; children?: React.ReactNode }) {
  return (
    <Link to={box.url} className="box-card" data-testid="custom-box-card" data-slug={box.slug}>
      <img src={box.img_url} alt="" width={160} height={160} loading="lazy" />
      <span className="box-card-name">{box.name}</span>
      <span className="box-card-type muted">by {box.creator.name}</span>
      <span className="box-card-price">{formatDollars(box.price)}</span>
      <span className="muted">
        {box.items_count} items · {box.openings.toLocaleString('en-US')} {box.openings === 1 ? 'opening' : 'openings'}
      </span>
      {children}
    </Link>
  );
}
