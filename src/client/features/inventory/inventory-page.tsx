// /profile/inventory: the player's items with status, filters and total value; sell one or many.
import { useState } from 'react';
import { Link } from 'react-router';
import { ITEM_STATUSES, ITEM_STATUS_TITLES } from '../../../shared/api/inventory.ts';
import { CATEGORIES, RARITIES } from '../../../shared/games/boxes/boxes.types.ts';
import { ApiError, errorText } from '../../lib/api.ts';
import { getInventory, sellItems } from '../../lib/api/inventory.ts';
import { useSession } from '../../stores/session.ts';
import { capitalize, formatDollars } from '../../lib/format.ts';
import { ItemTile } from '../boxes/index.ts';
import { useApiData } from '../../lib/use-api-data.ts';
import '../boxes/boxes.css';

/** The inventory page. */
export default function InventoryPage() {
  const [filters, setFilters] = useState({ status: 'owned', category: '', rarity: '', search: '', sort: 'newest' });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const { data, error, reload } = useApiData(getInventory, [filters]);

  if (error instanceof ApiError && error.status === 401) {
    return (
      <section className="page">
        <h1>Inventory</h1>
        <p className="notice">Please log in to see your inventory.</p>
      </section>
    );
  }

  const setFilter = (key: keyof typeof filters, value: string) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setSelected(new Set());
  };
  const sell = async (ids: number[]) => {
    setBusy(true);
    setMessage(null);
    try {
      const r = await sellItems(ids);
      useSession.getState().applyBalance(r.balance);
      setMessage({ text: r.msg, error: false });
      setSelected(new Set());
    } catch (e) {
      setMessage({ text: errorText(e), error: true });
    } finally {
      setBusy(false);
      reload();
    }
  };
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const owned = data?.data.filter((i) => i.status === 'owned') ?? [];
  const selectedValue =
    owned.filter((i) => selected.has(i.id)).reduce((a, i) => a + Math.round(i.sale_price * 100), 0) / 100;

  return (
    <section className="page page-wide" data-testid="inventory-page">
      <h1>Inventory</h1>
      <div className="toolbar">
        <p>
          Total value: <strong data-testid="inventory-total">{formatDollars(data?.total_value ?? 0)}</strong>{' '}
          <span className="muted">({data?.owned_count ?? 0} items in inventory)</span>
        </p>
        <div className="toolbar">
          <button
            type="button"
            className="btn"
            disabled={busy || selected.size === 0}
            onClick={() => void sell([...selected])}
          >
            Sell selected ({selected.size}) {selected.size > 0 ? `for ${formatDollars(selectedValue)}` : ''}
          </button>
          <button
            type="button"
            className="btn btn-outline"
            disabled={busy || owned.length === 0}
            onClick={() => void sell(owned.map((i) => i.id))}
          >
            Sell all shown
          </button>
          <Link to="/profile/delivery" className="btn btn-outline">
            Request delivery
          </Link>
        </div>
      </div>
      <form className="filters" onSubmit={(e) => e.preventDefault()}>
        <label>
          Status
          <select value={filters.status} onChange={(e) => setFilter('status', e.target.value)}>
            {ITEM_STATUSES.map((s) => (
              <option key={s} value={s}>
                {ITEM_STATUS_TITLES[s]}
              </option>
            ))}
            <option value="all">All</option>
          </select>
        </label>
        <label>
          Category
          <select value={filters.category} onChange={(e) => setFilter('category', e.target.value)}>
            <option value="">All categories</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {capitalize(c)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Rarity
          <select value={filters.rarity} onChange={(e) => setFilter('rarity', e.target.value)}>
            <option value="">All rarities</option>
            {RARITIES.map((r) => (
              <option key={r} value={r}>
                {capitalize(r)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Search
          <input
            type="search"
            value={filters.search}
            maxLength={64}
            onChange={(e) => setFilter('search', e.target.value)}
          />
        </label>
        <label>
          Sort
          <select value={filters.sort} onChange={(e) => setFilter('sort', e.target.value)}>
            <option value="newest">Newest</option>
            <option value="oldest">Oldest</option>
            <option value="price_desc">Price: high to low</option>
            <option value="price_asc">Price: low to high</option>
          </select>
        </label>
      </form>
      {message && (
        <p className={message.error ? 'notice notice-error' : 'notice'} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      {error && !(error instanceof ApiError && error.status === 401) && (
        <p className="notice notice-error" role="alert">
          {errorText(error)}
        </p>
      )}
      {data && data.data.length === 0 && (
        <p className="notice">No items here yet. Items you win from boxes appear in your inventory.</p>
      )}
      <div className="item-grid">
        {data?.data.map((item) => (
          <ItemTile key={item.id} product={item.product} price={item.price} testId="inventory-item">
            {item.status === 'owned' ? (
              <>
                <input
                  type="checkbox"
                  className="item-select"
                  aria-label={`Select ${item.product.name}`}
                  checked={selected.has(item.id)}
                  onChange={() => toggle(item.id)}
                />
                <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void sell([item.id])}>
                  Sell for {formatDollars(item.sale_price)}
                </button>
              </>
            ) : (
              <span className="muted" data-testid="item-status">
                {ITEM_STATUS_TITLES[item.status]}
                {item.size ? ` · size ${item.size}` : ''}
              </span>
            )}
          </ItemTile>
        ))}
      </div>
    </section>
  );
}
