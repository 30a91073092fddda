// The verify form of every provably-fair page: state prefilled from the URL (history rows link here
// with the bet's seeds), one labelled input per field. Each page decides which fields and computes its
// own result from the form.
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';

/** One input: the form key and its label. */
export type SeedField<K extends string> = readonly [K, string];

/** The form, from `?key=value` where given and valid (`accept`), else the defaults; and a setter. */
export function useSeedForm<F extends { [K in keyof F]: string }>(
  defaults: F,
  accept: Partial<Record<keyof F, (value: string) => boolean>> = {},
): [F, (key: keyof F, value: string) => void] {
  const [params] = useSearchParams();
  const [form, setForm] = useState<F>(() => {
    const out = { ...defaults };
    for (const key of Object.keys(defaults) as (keyof F & string)[]) {
      const value = params.get(key);
      if (value !== null && (accept[key]?.(value) ?? true)) out[key] = value as F[typeof key];
    }
    return out;
  });
  return [form, (key, value) => setForm((f) => ({ ...f, [key]: value }) as F)];
}

/** The seed form: `children` go first (a game picker), then one input per field. */
export function SeedForm<K extends string>({
  label,
  fields,
  form,
  onChange,
  children,
}: {
  label: string; // the form's accessible name
  fields: readonly SeedField<K>[];
  form: Record<K, string>;
  onChange(key: K, value: string): void;
  children?: ReactNode;
}) {
  return (
    <form className="fair-form" aria-label={label} onSubmit={(e) => e.preventDefault()}>
      {children}
      {fields.map(([key, text]) => (
        <label key={key}>
          {text}
          <input
            name={key}
            value={form[key]}
            onChange={(e) => onChange(key, e.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        </label>
      ))}
    </form>
  );
}
