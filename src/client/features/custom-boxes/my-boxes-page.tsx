// /profile/my-boxes: the player's custom boxes with openings and what each has earned them.
import { Link } from 'react-router';
import { CREATOR_SHARE_BP } from '../../../shared/games/boxes/custom-box.quote.ts';
import { formatDollars } from '../../lib/format.ts';
import { useApiData } from '../../lib/use-api-data.ts';
import { listMyCustomBoxes } from '../../lib/api/custom-boxes.ts';
import { CustomBoxCard } from './custom-box-card.tsx';
import '../boxes/boxes.css';
import { ErrorNotice } from '../../components/ui/page-status.tsx';

/** The "my boxes" profile page. */
export default function MyBoxesPage() {
  const { data, error } = useApiData(listMyCustomBoxes, []);
  return (
    <section className="page page-wide" data-testid="my-boxes-page">
      <div className="toolbar">
        <h1>My boxes</h1>
        <Link to="/custom-boxes/create" className="btn">
          Create a box
        </Link>
      </div>
      <p>
        Earned in all: <strong data-testid="my-earnings">{formatDollars(data?.total_earnings ?? 0)}</strong>{' '}
        <span className="muted">
          from {(data?.total_openings ?? 0).toLocaleString('en-US')} openings ({CREATOR_SHARE_BP / 100}% of the price of
          each opening by another player)
        </span>
      </p>
      <ErrorNotice error={error} />
      {data && data.data.length === 0 && <p className="notice">You have not made a box yet.</p>}
      <div className="box-grid">
        {data?.data.map((b) => (
          <CustomBoxCard key={b.id} box={b}>
            <span data-testid="box-earnings">Earned {formatDollars(b.earnings)}</span>
          </CustomBoxCard>
        ))}
      </div>
    </section>
  );
}
