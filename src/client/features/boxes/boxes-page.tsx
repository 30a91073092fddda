// /boxes: every box with search, type filter, price range and sort, kept in the URL query.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { BOX_SORTS, type BoxListResponse } from '../../../shared/api/boxes.ts';
import { errorText } from '../../lib/api.ts';
import { BoxCard } from './box-card.tsx';
import { useApiData } from '../../lib/use-api-data.ts';
import './boxes.css';

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
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('search') ?? '');
  const set = (key: (typeof keys)[number], value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  // The search box updates the URL a moment after typing stops.
  useEffect(() => {
    if (search === (params.get('search') ?? '')) return;
    const timer = setTimeout(() => set('search', search.trim()), 250);
    return () => clearTimeout(timer);
  });
  const query = new URLSearchParams(keys.flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : [])));
  const { data, error, loading } = useApiData<BoxListResponse>(`/api/boxes${query.size ? `?${query}` : ''}`);

  return (
    <section className="page page-wide" data-testid="boxes-page">
      <h1>Boxes</h1>
      <form className="filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <label>
          Search
          <input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Box name"
            maxLength={64}
          />
        </label>
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
        <label>
          Min price ($)
          <input
            type="number"
            min={0}
            step="0.01"
            inputMode="decimal"
            value={params.get('min_price') ?? ''}
            onChange={(e) => set('min_price', e.target.value)}
          />
        </label>
        <label>
          Max price ($)
          <input
            type="number"
            min={0}
            step="0.01"
            inputMode="decimal"
            value={params.get('max_price') ?? ''}
            onChange={(e) => set('max_price', e.target.value)}
          />
        </label>
        <label>
          Sort
          <select
            value={params.get('sort') ?? 'popular'}
            onChange={(e) => set('sort', e.target.value === 'popular' ? '' : e.target.value)}
          >
            {BOX_SORTS.map((s) => (
              <option key={s} value={s}>
                {sortLabels[s]}
              </option>
            ))}
          </select>
        </label>
      </form>
      {error && (
        <p className="notice notice-error" role="alert">
          {errorText(error)}
        </p>
      )}
      {data && data.data.length === 0 && <p className="notice">No boxes match these filters.</p>}
      <div className="box-grid" aria-busy={loading}>
        {data?.data.map((b) => (
          <BoxCard key={b.id} box={b} />
        ))}
      </div>
    </section>
  );
}
