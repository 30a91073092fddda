// Voucher box under every deposit method (spec §2): a code with Apply (disabled while empty) and
// a tooltip saying where vouchers are found. Failures show message first, then msg (spec §8).
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { redeem } from './redeem.ts';

/** The voucher tooltip text. */
export const VOUCHER_TOOLTIP = 'Vouchers can be found on our social media and in our emails.';

/** The voucher box. */
export function VoucherBox() {
  const id = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="voucher-box"
      aria-label="Voucher"
      onSubmit={(e) => {
        e.preventDefault();
        if (!code.trim()) return;
        setBusy(true);
        void redeem('/api/deposit/voucher/redeem', 'voucher', code).then((ok) => {
          if (ok) setCode('');
          setBusy(false);
        });
      }}
    >
      <label htmlFor={id}>
        Voucher{' '}
        <span className="tooltip" tabIndex={0} title={VOUCHER_TOOLTIP} aria-label={VOUCHER_TOOLTIP} role="img">
          ?
        </span>
      </label>
      <div className="inline-row">
        <input id={id} value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" placeholder="Enter voucher code" />
        <Button type="submit" variant="outline" disabled={code.trim() === ''} loading={busy}>
          Apply
        </Button>
      </div>
    </form>
  );
}
