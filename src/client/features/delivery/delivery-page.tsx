// /profile/delivery: choose owned items (a size where the product has sizes) and the address;
// the request moves them out of the inventory into a shipment (see /profile/shipping).
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Address, AddressInput } from '../../../shared/api/delivery.ts';
import { ApiError, errorText } from '../../lib/api.ts';
import { getInventory, requestDelivery } from '../../lib/api/inventory.ts';
import { ItemTile } from '../boxes/index.ts';
import { useApiData } from '../../lib/use-api-data.ts';
import { AddressFields, useAddressForm } from './address-form.tsx';
import '../boxes/boxes.css';

/** The delivery request page. */
export default function DeliveryPage() {
  const navigate = useNavigate();
  const { data, error } = useApiData(getInventory, [{ status: 'owned', per_page: 100 }]);
  const [chosen, setChosen] = useState<Map<number, string>>(new Map()); // item id → size ('' when none yet)
  const [itemErrors, setItemErrors] = useState<Record<number, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const form = useAddressForm();

  if (error instanceof ApiError && error.status === 401) {
    return (
      <section className="page">
        <h1>Delivery</h1>
        <p className="notice">Please log in to request a delivery.</p>
      </section>
    );
  }
  const items = data?.data ?? [];
  const toggle = (id: number) =>
    setChosen((m) => {
      const next = new Map(m);
      if (next.has(id)) next.delete(id);
      else next.set(id, '');
      return next;
    });

  const submit = form.handleSubmit(async (address: Address) => {
    setMessage(null);
    const errs: Record<number, string> = {};
    for (const it of items)
      if (chosen.has(it.id) && it.product.sizes.length && !chosen.get(it.id)) errs[it.id] = 'size is a required field';
    setItemErrors(errs);
    if (chosen.size === 0) return setMessage('Choose the items to ship.');
    if (Object.keys(errs).length) return;
    const list = [...chosen].map(([id, size]) => ({ id, size: size || null }));
    try {
      await requestDelivery({ ...address, items: list });
      navigate('/profile/shipping');
    } catch (e) {
      if (e instanceof ApiError && e.body.errors) {
        for (const [field, msgs] of Object.entries(e.body.errors)) {
          if (field in address) form.setError(field as keyof AddressInput, { message: msgs[0] });
        }
      }
      setMessage(errorText(e));
    }
  });

  return (
    <section className="page page-wide" data-testid="delivery-page">
      <h1>Delivery</h1>
      <h2>1. Items to ship</h2>
      {data && items.length === 0 && (
        <p className="notice">You have no items to ship. Items you win from boxes appear here.</p>
      )}
      <div className="item-grid">
        {items.map((it) => (
          <ItemTile key={it.id} product={it.product} price={it.price} testId="delivery-item">
            <input
              type="checkbox"
              className="item-select"
              aria-label={`Ship ${it.product.name}`}
              checked={chosen.has(it.id)}
              onChange={() => toggle(it.id)}
            />
            {it.product.sizes.length > 0 && chosen.has(it.id) && (
              <select
                className="size-select"
                aria-label={`Size of ${it.product.name}`}
                value={chosen.get(it.id)}
                onChange={(e) => setChosen((m) => new Map(m).set(it.id, e.target.value))}
              >
                <option value="">Size</option>
                {it.product.sizes.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            )}
            {itemErrors[it.id] && chosen.has(it.id) && (
              <span className="field-error" role="alert">
                {itemErrors[it.id]}
              </span>
            )}
          </ItemTile>
        ))}
      </div>
      <h2>2. Address</h2>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label="Delivery address">
        <AddressFields form={form} />
        {message && (
          <p className="notice notice-error" role="alert">
            {message}
          </p>
        )}
        <button type="submit" className="btn" disabled={form.formState.isSubmitting}>
          Request delivery
        </button>
      </form>
    </section>
  );
}
