// Voucher box under every deposit method (spec §2): a code with Apply (disabled while empty) and
// a tooltip saying where vouchers are found. Failures show message first, then msg (spec §8).
import { CodeRedeemForm } from './code-redeem-form.tsx';

/** The voucher tooltip text. */
export const VOUCHER_TOOLTIP = 'Vouchers can be found on our social media and in our emails.';

/** The voucher box. */
export function VoucherBox() {
  const label = (
    <>
      Voucher{' '}
      <span className="tooltip" tabIndex={0} title={VOUCHER_TOOLTIP} aria-label={VOUCHER_TOOLTIP} role="img">
        ?
      </span>
    </>
  );
  return (
    <CodeRedeemForm
      className="voucher-box"
      ariaLabel="Voucher"
      method="voucher"
      label={label}
      placeholder="Enter voucher code"
      action="Apply"
      variant="outline"
    />
  );
}
