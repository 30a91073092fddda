// The home page's "Featured boxes": the most opened boxes (GET /api/boxes?sort=popular), each a
// box card linking to its page.
import { Link } from 'react-router';
import { BoxCard } from '../boxes/index.ts';
import { useApiData } from '../../lib/use-api-data.ts';
import { listBoxes } from '../../lib/api/boxes.ts';
import '../boxes/boxes.css';

/** How many boxes the home page features. */
export const FEATURED_COUNT = 8;

/** The featured boxes grid; falls back to a link to /boxes while loading or on error. */
export function FeaturedBoxes() {
  const { data, error, loading } = useApiData(listBoxes, [{ sort: 'popular' }]);
  const boxes = data?.data.slice(0, FEATURED_COUNT) ?? [];
  if (!boxes.length) {
    return (
      <div className="featured-empty" data-testid="featured-boxes" aria-busy={loading}>
        <p className="muted">
          {loading ? 'Loading boxes...' : error ? 'Boxes could not be loaded.' : 'No boxes yet.'} Browse{' '}
          <Link to="/boxes">all boxes</Link>.
        </p>
      </div>
    );
  }
  return (
    <div data-testid="featured-boxes">
      <div className="box-grid">
        {boxes.map((b) => (
          <BoxCard key={b.id} box={b} />
        ))}
      </div>
      <p className="featured-more">
        <Link to="/boxes">See all boxes</Link>
      </p>
    </div>
  );
}
