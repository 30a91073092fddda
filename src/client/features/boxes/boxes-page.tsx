// /boxes: every box with search, type filter, price range and sort, kept in the URL query.
import { BOX_SORTS } from '../../../shared/api/boxes.ts';
import { BoxCard } from './box-card.tsx';
import { useApiData } from '../../lib/use-api-data.ts';
import { listBoxes } from '../../lib/api/boxes.ts';
import { PriceRangeFields, SearchField, SortField, useQueryFilters } from '../../components/ui/query-filters.tsx';
import './boxes.css';
import { ErrorNotice } from '../../components/ui/page-status.tsx';

const sortLabels: Record<(typeof BOX_SORTS)[number], string> = {
  popular: 'Most popular',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  name: 'Name',
  newest: 'Newest',
};
const keys = ['search', 'type', 'min_price', 'max_price', 'sort'] as const;

/** The box list page. */
export default function BoxesPage() {
  const filters = useQueryFilters();
  const { params, set } = filters;
  const query = Object.fromEntries(keys.map((k) => [k, params.get(k)]));
  const { data, error, loading } = useApiData(listBoxes, [query]);

  return (
    <section className="page page-wide" data-testid="boxes-page">
      <h1>Boxes</h1>
      <form className="filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <SearchField {...filters} />
        <label>
          Type
          <select value={params.get('type') ?? ''} onChange={(e) => set('type', e.target.value)}>
            <option value="">All types</option>
            {(data?.types ?? []).map((t) => (
              <option key={t} value={t}>
                {t[0]!.toUpperCase() + t.slice(1)}
              </option>
            ))}
          </select>
        </label>
        <PriceRangeFields {...filters} keys={['min_price', 'max_price']} />
        <SortField {...filters} sorts={BOX_SORTS} labels={sortLabels} />
      </form>
      <ErrorNotice error={error} />
      {data && data.data.length === 0 && <p className="notice">No boxes match these filters.</p>}
      <div className="box-grid" aria-busy={loading}>
        {data?.data.map((b) => (
          <BoxCard key={b.id} box={b} />
        ))}
      </div>
    </section>
  );
}
