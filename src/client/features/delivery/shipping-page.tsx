// /profile/shipping: the player's shipments with status, tracking number and items; cancel while new.
import { useState } from 'react';
import { SHIPMENT_STATUS_STYLE } from '../../../shared/api/delivery.ts';
import { ApiError, errorText } from '../../lib/api.ts';
import { cancelShipment, listShipments } from '../../lib/api/inventory.ts';
import { ItemTile } from '../boxes/index.ts';
import { useApiData } from '../../lib/use-api-data.ts';
import { formatDateTime } from '../../lib/format.ts';
import '../boxes/boxes.css';
import { ErrorNotice } from '../../components/ui/page-status.tsx';

/** The shipments page. */
export default function ShippingPage() {
  const { data, error, reload } = useApiData(listShipments, []);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  if (error instanceof ApiError && error.status === 401) {
    return (
      <section className="page">
        <h1>Shipping</h1>
        <p className="notice">Please log in to see your shipments.</p>
      </section>
    );
  }
  const cancel = async (id: number) => {
    try {
      const r = await cancelShipment(id);
      setMessage({ text: r.msg, error: false });
    } catch (e) {
      setMessage({ text: errorText(e), error: true });
    }
    reload();
  };
  return (
    <section className="page page-wide" data-testid="shipping-page">
      <h1>Shipping</h1>
      {message && (
        <p className={message.error ? 'notice notice-error' : 'notice'} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      <ErrorNotice error={error} />
      {data && data.data.length === 0 && <p className="notice">No shipments yet.</p>}
      {data?.data.map((s) => {
        const style = SHIPMENT_STATUS_STYLE[s.status];
        return (
          <article key={s.id} className="shipment" data-testid="shipment">
            <div className="shipment-head">
              <strong>Shipment #{s.id}</strong>
              <span className="status-chip" style={{ color: style.color }} data-testid="shipment-status">
                {style.title}
              </span>
              <span className="muted">{formatDateTime(s.created_at)}</span>
              <span>Tracking: {s.tracking_number ?? <span className="muted">not yet</span>}</span>
              {s.status === 'new' && (
                <button type="button" className="btn btn-outline" onClick={() => void cancel(s.id)}>
                  Cancel
                </button>
              )}
            </div>
            <p className="muted">
              {s.address.first_name} {s.address.last_name}, {s.address.street_address}
              {s.address.street_address_2 ? `, ${s.address.street_address_2}` : ''}, {s.address.postal_code}{' '}
              {s.address.city}, {s.address.country_state}, {s.address.country}
            </p>
            <div className="item-grid">
              {s.items.map((it) => (
                <ItemTile key={it.inventory_item_id} product={it.product} testId="shipment-item">
                  {it.size && <span className="muted">Size {it.size}</span>}
                </ItemTile>
              ))}
            </div>
          </article>
        );
      })}
    </section>
  );
}
