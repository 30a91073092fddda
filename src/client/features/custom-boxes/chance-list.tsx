// The picked items of the create form, each with its chance input (percent, up to 3 decimals).
import type { Product } from '../../../shared/api/boxes.ts';
import { formatDollars } from '../../lib/format.ts';

/** A picked product and its chance as typed. */
export interface PickedItem {
  product: Product;
  chance: string; // percent as typed, e.g. "12.5"
}

/** The picked items with chance inputs and a Remove button; `problems` by index. */
export function ChanceList({
  items,
  problems,
  onChance,
  onRemove,
}: {
  items: PickedItem[];
  problems: Record<number, string>;
  onChance(i: number, v: string): void;
  onRemove(i: number): void;
}) {
  if (!items.length) return <p className="notice">Add 2 to 20 items from the catalog below.</p>;
  return (
    <ol className="chance-list" data-testid="picked-items">
      {items.map((it, i) => (
        <li key={it.product.id} className={`chance-row rarity-${it.product.rarity}`} data-testid="picked-item">
          <img src={it.product.img_url} alt="" width={48} height={48} />
          <span className="chance-name">{it.product.name}</span>
          <span className="muted">{formatDollars(it.product.price)}</span>
          <label className="chance-input">
            <input
              type="number"
              inputMode="decimal"
              min={0.001}
              max={100}
              step={0.001}
              value={it.chance}
              onChange={(e) => onChance(i, e.target.value)}
              aria-label={`Chance of ${it.product.name} (%)`}
              aria-invalid={problems[i] ? true : undefined}
            />
            %
          </label>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => onRemove(i)}
            aria-label={`Remove ${it.product.name}`}
          >
            Remove
          </button>
          {problems[i] && <span className="field-error">{problems[i]}</span>}
        </li>
      ))}
    </ol>
  );
}
