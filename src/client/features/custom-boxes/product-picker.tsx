// The create form's catalog picker: search products by name (GET /api/products) and add them.
import { useState } from 'react';
import type { Product } from '../../../shared/api/boxes.ts';
import { ItemTile } from '../boxes/index.ts';
import { useApiData } from '../../lib/use-api-data.ts';
import { searchProducts } from '../../lib/api/custom-boxes.ts';
import { ErrorNotice } from '../../components/ui/page-status.tsx';
import { useDebounced } from '../../lib/use-debounced.ts';
import { SearchInput } from '../../components/ui/query-filters.tsx';

/** Product search with an Add button per result; `picked` ids are shown as added. */
export function ProductPicker({
  picked,
  full,
  onAdd,
}: {
  picked: ReadonlySet<number>;
  full: boolean;
  onAdd(p: Product): void;
}) {
  const [text, setText] = useState('');
  const [sort, setSort] = useState('price_desc');
  const search = useDebounced(text.trim()); // search a moment after typing stops
  const { data, error, loading } = useApiData(searchProducts, [{ sort, limit: 40, search }]);
  return (
    <div data-testid="product-picker">
      <div className="filters">
        <SearchInput label="Find items" value={text} onText={setText} placeholder="Item name" aria-label="Find items" />
        <label>
          Sort
          <select value={sort} onChange={(e) => setSort(e.target.value)} aria-label="Sort items">
            <option value="price_desc">Price: high to low</option>
            <option value="price_asc">Price: low to high</option>
            <option value="name">Name</option>
          </select>
        </label>
      </div>
      <ErrorNotice error={error} />
      {data && data.data.length === 0 && <p className="notice">No items match.</p>}
      {/* busy while a new search or sort loads: the items shown are still the previous query's */}
      <div className="item-grid picker-grid" aria-busy={loading} data-testid="picker-grid">
        {data?.data.map((p) => (
          <ItemTile key={p.id} product={p} testId="picker-item">
            <button
              type="button"
              className="btn btn-sm"
              disabled={picked.has(p.id) || full}
              onClick={() => onAdd(p)}
              aria-label={`Add ${p.name}`}
            >
              {picked.has(p.id) ? 'Added' : 'Add'}
            </button>
          </ItemTile>
        ))}
      </div>
    </div>
  );
}
