// /custom-boxes: the most popular custom boxes, a Create button and a link to the full list.
import { Link } from 'react-router';
import { CREATOR_SHARE_BP } from '../../../shared/games/boxes/custom-box.quote.ts';
import { useApiData } from '../../lib/use-api-data.ts';
import { listCustomBoxes } from '../../lib/api/custom-boxes.ts';
import { CustomBoxCard } from './custom-box-card.tsx';
import '../boxes/boxes.css';
import { ErrorNotice } from '../../components/ui/page-status.tsx';

/** The custom boxes landing page. */
export default function CustomBoxesPage() {
  const { data, error } = useApiData(listCustomBoxes, [{ sort: 'popular', limit: 12 }]);
  return (
    <section className="page page-wide" data-testid="custom-boxes-page">
      <div className="toolbar">
        <h1>Custom boxes</h1>
        <div className="toolbar">
          <Link to="/custom-boxes/all" className="btn btn-outline">
            All custom boxes
          </Link>
          <Link to="/custom-boxes/create" className="btn" data-testid="create-box-link">
            Create a box
          </Link>
        </div>
      </div>
      <p className="muted">
        Boxes made by players from catalog items. The creator picks the items and their chances; the price follows from
        the expected value like every box, and the creator earns {CREATOR_SHARE_BP / 100}% of the price of each opening
        by another player.
      </p>
      <h2>Popular</h2>
      <ErrorNotice error={error} />
      {data && data.data.length === 0 && <p className="notice">No custom boxes yet. Be the first to create one.</p>}
      <div className="box-grid">
        {data?.data.map((b) => (
          <CustomBoxCard key={b.id} box={b} />
        ))}
      </div>
    </section>
  );
}
