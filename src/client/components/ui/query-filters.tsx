// List filters kept in the URL query (boxes, custom boxes, battles): a setter that writes one key,
// a search input (also the pickers'), a search field that writes the URL a moment after typing stops, a min/max price
// pair and the sort.
import { useEffect, useState, type InputHTMLAttributes } from 'react';
import { useSearchParams } from 'react-router';

/** The query and a setter of one key (an empty value removes it; `resets` are removed too). */
export function useQueryFilters(resets: string[] = []) {
  const [params, setParams] = useSearchParams();
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    for (const r of resets) if (r !== key) next.delete(r);
    setParams(next, { replace: true });
  };
  return { params, set };
}

/** A search box bound to `?search=`: the URL follows 250 ms after typing stops. */
export function SearchField({ params, set }: ReturnType<typeof useQueryFilters>) {
  const [search, setSearch] = useState(params.get('search') ?? '');
  useEffect(() => {
    if (search === (params.get('search') ?? '')) return;
    const timer = setTimeout(() => set('search', search.trim()), 250);
    return () => clearTimeout(timer);
  });
  return <SearchInput label="Search" value={search} onText={setSearch} placeholder="Box name" />;
}

/** A labelled search input of 64 characters at most (list filters and pickers); `onText` gets what is typed. */
export function SearchInput({
  label,
  onText,
  ...rest
}: { label: string; onText(text: string): void } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'>) {
  return (
    <label>
      {label}
      <input type="search" maxLength={64} {...rest} onChange={(e) => onText(e.target.value)} />
    </label>
  );
}

/** "Min price ($)" and "Max price ($)" bound to two query keys. */
export function PriceRangeFields({
  params,
  set,
  keys,
}: ReturnType<typeof useQueryFilters> & { keys: [min: string, max: string] }) {
  return (
    <>
      {keys.map((key, i) => (
        <label key={key}>
          {i === 0 ? 'Min price ($)' : 'Max price ($)'}
          <input
            type="number"
            min={0}
            step="0.01"
            inputMode="decimal"
            value={params.get(key) ?? ''}
            onChange={(e) => set(key, e.target.value)}
          />
        </label>
      ))}
    </>
  );
}

/** "Sort" bound to `?sort=` (the default, "popular", is no key); `data-testid` goes on the select. */
export function SortField<S extends string>({
  params,
  set,
  sorts,
  labels,
  testId,
}: ReturnType<typeof useQueryFilters> & { sorts: readonly S[]; labels: Record<S, string>; testId?: string }) {
  return (
    <label>
      Sort
      <select
        data-testid={testId}
        value={params.get('sort') ?? 'popular'}
        onChange={(e) => set('sort', e.target.value === 'popular' ? '' : e.target.value)}
      >
        {sorts.map((s) => (
          <option key={s} value={s}>
            {labels[s]}
          </option>
        ))}
      </select>
    </label>
  );
}
