// /custom-boxes/all: every custom box with search, sort (popularity, price, newest) and pages, kept in the URL query.
import { Link } from 'react-router';
import { CUSTOM_BOX_SORTS } from '../../../shared/api/user-boxes.ts';
import { useApiData } from '../../lib/use-api-data.ts';
import { listCustomBoxes } from '../../lib/api/custom-boxes.ts';
import { SearchField, SortField, useQueryFilters } from '../../components/ui/query-filters.tsx';
import { CustomBoxCard } from './custom-box-card.tsx';
import '../boxes/boxes.css';
import { ErrorNotice } from '../../components/ui/page-status.tsx';

const sortLabels: Record<(typeof CUSTOM_BOX_SORTS)[number], string> = {
  popular: 'Most popular',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  newest: 'Newest',
};
const PAGE_SIZE = 24;

/** The full custom box list. */
export default function CustomBoxesAllPage() {
  const filters = useQueryFilters(['page']); // a new search or sort starts again at page 1
  const { params, set } = filters;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = { sort: params.get('sort') ?? 'popular', page, limit: PAGE_SIZE, search: params.get('search') };
  const { data, error, loading } = useApiData(listCustomBoxes, [query]);
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  return (
    <section className="page page-wide" data-testid="custom-boxes-all-page">
      <div className="toolbar">
        <h1>All custom boxes</h1>
        <Link to="/custom-boxes/create" className="btn">
          Create a box
        </Link>
      </div>
      <form className="filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <SearchField {...filters} />
        <SortField {...filters} sorts={CUSTOM_BOX_SORTS} labels={sortLabels} testId="custom-sort" />
      </form>
      <ErrorNotice error={error} />
      {data && data.data.length === 0 && <p className="notice">No custom boxes match.</p>}
      <div className="box-grid" aria-busy={loading}>
        {data?.data.map((b) => (
          <CustomBoxCard key={b.id} box={b} />
        ))}
      </div>
      {pages > 1 && (
        <nav className="toolbar" aria-label="Pages">
          <button
            type="button"
            className="btn btn-outline"
            disabled={page <= 1}
            onClick={() => set('page', String(page - 1))}
          >
            Previous
          </button>
          <span className="muted">
            Page {page} of {pages}
          </span>
          <button
            type="button"
            className="btn btn-outline"
            disabled={page >= pages}
            onClick={() => set('page', String(page + 1))}
          >
            Next
          </button>
        </nav>
      )}
    </section>
  );
}
