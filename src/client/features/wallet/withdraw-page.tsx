// /profile/withdraw: request a withdrawal (method, amount, address; the minimum, fee and payout
// from the server are shown before confirming), the list with status titles and colours (spec §4)
// and cancel while a request is new (the amount returns to the balance, or the held part to held
// funds). Held funds (over a deposit limit or during a self-exclusion) are withdrawn first.
import { useState } from 'react';
import type { z } from 'zod';
import type { withdrawalsResponse } from '../../../shared/api/wallet.ts';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/toaster.tsx';
import { errorText } from '../../lib/api.ts';
import { cancelWithdrawal, getWithdrawOptions, listWithdrawals, requestWithdrawal } from '../../lib/api/wallet.ts';
import { formatDateTime, formatDollars } from '../../lib/format.ts';
import { useSession } from '../../stores/session.ts';
import { useApiData } from '../../lib/use-api-data.ts';
import { HeldFundsNotice } from './held-funds-notice.tsx';
import './wallet.css';
import { onFormSubmit } from '../../lib/form-submit.ts';

type Withdrawal = z.infer<typeof withdrawalsResponse>['data'][number];

/** The withdraw page. */
export default function WithdrawPage() {
  const options = useApiData(getWithdrawOptions, []);
  const list = useApiData(listWithdrawals, []);
  const [method, setMethod] = useState('');
  const [amount, setAmount] = useState('');
  const [address, setAddress] = useState('');
  const [review, setReview] = useState(false);
  const [busy, setBusy] = useState(false);
  const [heldVersion, setHeldVersion] = useState(0); // reloads the held-funds notice
  const methods = options.data?.data ?? [];
  const chosen = methods.find((m) => m.method === method) ?? methods[0];
  const value = Number(amount);
  const amountOk =
    amount.trim() !== '' &&
    Number.isFinite(value) &&
    chosen !== undefined &&
    value >= chosen.minimum_amount &&
    /^\d+(\.\d{1,2})?$/.test(amount.trim());
  const ready = amountOk && address.trim() !== '';
  const payout = chosen ? Math.max(0, Math.round((value - chosen.fee) * 100) / 100) : 0;

  const confirm = async () => {
    if (!chosen) return;
    setBusy(true);
    try {
      const r = await requestWithdrawal({
        method: chosen.method,
        amount: value,
        address: address.trim(),
      });
      useSession.getState().applyBalance(r.balance);
      toast.success('Withdrawal requested');
      setAmount('');
      setAddress('');
      setReview(false);
      list.reload();
      setHeldVersion((v) => v + 1);
    } catch (e) {
      toast.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const cancel = async (w: Withdrawal) => {
    try {
      const r = await cancelWithdrawal(w.id);
      useSession.getState().applyBalance(r.balance);
      toast.success('Withdrawal canceled');
    } catch (e) {
      toast.error(errorText(e));
    }
    list.reload();
    setHeldVersion((v) => v + 1);
  };

  return (
    <section className="page wallet-page">
      <h1>Withdraw</h1>
      <HeldFundsNotice version={heldVersion} />
      <form
        className="withdraw-form"
        aria-label="Withdrawal request"
        noValidate
        onSubmit={onFormSubmit(() => ready && setReview(true))}
      >
        <label>
          Method
          <select
            value={chosen?.method ?? ''}
            onChange={(e) => (setMethod(e.target.value), setReview(false))}
            disabled={review}
          >
            {methods.map((m) => (
              <option key={m.method} value={m.method}>
                {m.name} ({m.network})
              </option>
            ))}
          </select>
        </label>
        {chosen && (
          <p className="muted small" data-testid="withdraw-terms">
            Minimum {formatDollars(chosen.minimum_amount)} · fee {formatDollars(chosen.fee)}
          </p>
        )}
        <label>
          Amount (USD)
          <input
            type="text"
            inputMode="decimal"
            value={amount}
            onChange={(e) => (setAmount(e.target.value), setReview(false))}
            disabled={review}
            aria-invalid={amount !== '' && !amountOk ? true : undefined}
          />
        </label>
        {amount !== '' && !amountOk && chosen && (
          <p className="field-error" role="alert">
            Amount is not valid. The minimum is {formatDollars(chosen.minimum_amount)}.
          </p>
        )}
        <label>
          {chosen ? `${chosen.name} address` : 'Address'}
          <input
            type="text"
            value={address}
            onChange={(e) => (setAddress(e.target.value), setReview(false))}
            disabled={review}
            autoComplete="off"
          />
        </label>
        {review && chosen ? (
          <div className="notice" data-testid="withdraw-review">
            <p>
              You withdraw {formatDollars(value)}; the fee is {formatDollars(chosen.fee)}; you will receive{' '}
              {formatDollars(payout)} to {address.trim()}.
            </p>
            <div className="inline-row">
              <Button variant="gradient" loading={busy} onClick={() => void confirm()}>
                Confirm
              </Button>
              <Button variant="outline" onClick={() => setReview(false)} disabled={busy}>
                Edit
              </Button>
            </div>
          </div>
        ) : (
          <Button type="submit" variant="gradient" disabled={!ready}>
            Withdraw
          </Button>
        )}
      </form>
      <h2>Requests</h2>
      {list.data && list.data.data.length === 0 && <p className="muted">No withdrawals yet.</p>}
      {list.data && list.data.data.length > 0 && (
        <table data-testid="withdrawals">
          <thead>
            <tr>
              <th>Date</th>
              <th>Method</th>
              <th>Amount</th>
              <th>Fee</th>
              <th>Status</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.data.data.map((w) => (
              <tr key={w.id} data-testid={`withdrawal-${w.id}`}>
                <td>{formatDateTime(new Date(w.created_at))}</td>
                <td>{w.method}</td>
                <td>{formatDollars(w.amount)}</td>
                <td>{formatDollars(w.fee)}</td>
                <td className={`status-${w.status_color}`} data-status={w.status}>
                  {w.status_title}
                </td>
                <td>
                  {w.status === 'new' && (
                    <Button size="sm" variant="outline" onClick={() => void cancel(w)}>
                      Cancel
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
