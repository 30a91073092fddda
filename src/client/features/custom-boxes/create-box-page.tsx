// /custom-boxes/create (login): pick 2–20 catalog items, give each a chance (they must add up to
// exactly 100 %), see the price from the same shared quote the server saves with, name the box,
// choose its image and save; then go to the new box's page.
import { useState } from 'react';
import { formatUsd, toCents } from '../../../shared/money.ts';
import { useNavigate } from 'react-router';
import type { Product } from '../../../shared/api/boxes.ts';
import { CUSTOM_BOX_IMAGES, customBoxImageUrl } from '../../../shared/api/user-boxes.ts';
import { HOUSE_EDGE_BP, ticketsFromWeights } from '../../../shared/games/boxes/boxes.odds.ts';
import { CREATOR_SHARE_BP, CUSTOM_BOX_ITEMS, quoteCustomBox } from '../../../shared/games/boxes/custom-box.quote.ts';
import { toast } from '../../components/ui/toaster.tsx';
import { ApiError, errorText } from '../../lib/api.ts';
import { createCustomBox } from '../../lib/api/custom-boxes.ts';
import { ChanceList, type PickedItem } from './chance-list.tsx';
import { ProductPicker } from './product-picker.tsx';
import '../boxes/boxes.css';
import './custom-boxes.css';
import { onFormSubmit } from '../../lib/form-submit.ts';

/** The create form. */
export default function CreateBoxPage() {
  const navigate = useNavigate();
  const [items, setItems] = useState<PickedItem[]>([]);
  const [name, setName] = useState('');
  const [img, setImg] = useState<(typeof CUSTOM_BOX_IMAGES)[number]>(CUSTOM_BOX_IMAGES[0]);
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});

  const quote = quoteCustomBox(
    items.map((it) => ({
      chance: Number(it.chance),
      priceCents: toCents(it.product.price),
      salePriceCents: toCents(it.product.sale_price),
    })),
  );
  const typedProblems = Object.fromEntries(
    Object.entries(quote.itemProblems).filter(([i]) => items[Number(i)]!.chance.trim() !== ''),
  );
  const sumOk = quote.totalTickets === 100_000;
  const canSave = quote.problems.length === 0 && name.trim().length >= 3 && !saving;

  const add = (p: Product) =>
    setItems((xs) =>
      xs.length >= CUSTOM_BOX_ITEMS.max || xs.some((x) => x.product.id === p.id)
        ? xs
        : [...xs, { product: p, chance: '' }],
    );
  const setChance = (i: number, chance: string) => setItems((xs) => xs.map((x, k) => (k === i ? { ...x, chance } : x)));
  const remove = (i: number) => setItems((xs) => xs.filter((_, k) => k !== i));
  // Chances in inverse proportion to price (how the catalog boxes are made), summing to exactly 100 %.
  const fillByPrice = () => {
    const tickets = ticketsFromWeights(items.map((it) => 1 / Math.max(1, toCents(it.product.price))));
    setItems((xs) => xs.map((x, i) => ({ ...x, chance: String(tickets[i]! / 1000) })));
  };

  const save = async () => {
    setSaving(true);
    setServerErrors({});
    try {
      const body = {
        name: name.trim(),
        img,
        items: items.map((it) => ({ product_id: it.product.id, chance: Number(it.chance) })),
      };
      const { data } = await createCustomBox(body);
      toast.success(`${data.name} is live.`);
      navigate(data.url);
    } catch (e) {
      if (e instanceof ApiError && e.body.errors) setServerErrors(e.body.errors);
      toast.error(errorText(e));
      setSaving(false);
    }
  };

  return (
    <section className="page page-wide" data-testid="create-box-page">
      <h1>Create a custom box</h1>
      <p className="muted">
        Price = expected value × {1 + HOUSE_EDGE_BP / 10_000}, rounded up to the cent, like every box. You earn{' '}
        {CREATOR_SHARE_BP / 100}% of the price each time another player opens it.
      </p>
      <div className="create-layout">
        <form className="create-form" onSubmit={onFormSubmit(() => canSave && save())}>
          <label className="form-field">
            Box name
            <input
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={40}
              placeholder="3 to 40 characters"
              aria-invalid={serverErrors.name ? true : undefined}
            />
            {serverErrors.name && <span className="field-error">{serverErrors.name[0]}</span>}
          </label>
          <fieldset className="image-choice">
            <legend>Box image</legend>
            {CUSTOM_BOX_IMAGES.map((name) => (
              <label key={name} className={name === img ? 'image-option selected' : 'image-option'}>
                <input
                  type="radio"
                  name="img"
                  value={name}
                  checked={name === img}
                  onChange={() => setImg(name)}
                  aria-label={`Image ${name.replace(/-/g, ' ')}`}
                />
                <img src={customBoxImageUrl(name)} alt="" width={56} height={56} />
              </label>
            ))}
          </fieldset>
          <div className="toolbar">
            <h2>
              Items ({items.length}/{CUSTOM_BOX_ITEMS.max})
            </h2>
            <button type="button" className="btn btn-outline btn-sm" disabled={items.length < 1} onClick={fillByPrice}>
              Fill chances by price
            </button>
          </div>
          <ChanceList items={items} problems={typedProblems} onChance={setChance} onRemove={remove} />
          <dl className="box-stats quote" data-testid="quote">
            <dt>Total chance</dt>
            <dd data-testid="chance-sum" className={sumOk ? 'ok' : 'field-error'}>
              {quote.sumPercent}% of 100%
            </dd>
            <dt>Expected value</dt>
            <dd>{formatUsd(quote.evCents)}</dd>
            <dt>Price</dt>
            <dd data-testid="quote-price">{formatUsd(quote.priceCents)}</dd>
            <dt>You earn per opening</dt>
            <dd>{formatUsd(quote.creatorShareCents)}</dd>
          </dl>
          {items.length > 0 && quote.problems.length > 0 && (
            <p className="notice" role="status" data-testid="quote-problem">
              {quote.problems[0]}
            </p>
          )}
          <button
            type="submit"
            className="btn btn-lg"
            disabled={!canSave}
            aria-busy={saving || undefined}
            data-testid="save-box"
          >
            Save box
          </button>
        </form>
        <ProductPicker
          picked={new Set(items.map((i) => i.product.id))}
          full={items.length >= CUSTOM_BOX_ITEMS.max}
          onAdd={add}
        />
      </div>
    </section>
  );
}
