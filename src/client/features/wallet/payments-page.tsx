// /profile/deposit: the player's payments with their status titles and colours (spec §4).
import { Button } from '../../components/ui/button.tsx';
import { formatDateTime, formatDollars } from '../../lib/format.ts';
import { useModals } from '../../stores/modals.ts';
import { useApiData } from '../../lib/use-api-data.ts';
import { listPayments } from '../../lib/api/wallet.ts';
import './wallet.css';

const METHOD_NAMES: Record<string, string> = {
  zen: 'Credit card',
  skinsback: 'Skins',
  alphapo: 'Crypto',
  giftcard: 'Gift card',
  voucher: 'Voucher',
};

/** The payments page. */
export default function PaymentsPage() {
  const { data, error, loading } = useApiData(listPayments, []);
  return (
    <section className="page wallet-page">
      <div className="inline-row" style={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <h1>Deposits</h1>
        <Button variant="gradient" onClick={() => useModals.getState().show('deposit', true)}>
          Deposit
        </Button>
      </div>
      {error && (
        <p className="notice" role="alert">
          {error.message}
        </p>
      )}
      {loading && !data && <p className="muted">Loading...</p>}
      {data && data.data.length === 0 && <p className="muted">No payments yet.</p>}
      {data && data.data.length > 0 && (
        <table data-testid="payments">
          <thead>
            <tr>
              <th>Date</th>
              <th>Method</th>
              <th>Amount</th>
              <th>Bonus</th>
              <th>Status</th>
            </tr>
          </thead>
          <tbody>
            {data.data.map((p) => (
              <tr key={p.id} data-testid={`payment-${p.id}`}>
                <td>{formatDateTime(new Date(p.created_at))}</td>
                <td>
                  {METHOD_NAMES[p.method] ?? p.method}
                  {p.currency ? ` (${p.currency})` : ''}
                </td>
                <td>{formatDollars(p.amount)}</td>
                <td>{p.bonus > 0 ? formatDollars(p.bonus) : '—'}</td>
                <td className={`status-${p.status_color}`} data-status={p.status}>
                  {p.status_title}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
