// A code input with a submit button that stays disabled while the code is empty: the gift card
// form and the voucher box (spec §2). Success clears the code; redeem() shows the toasts.
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { type RedeemKind } from '../../lib/api/wallet.ts';
import { redeem } from './redeem.ts';
import { CodeInput } from './promo-field.tsx';

/** What differs between the gift card and voucher forms. */
export interface CodeRedeemProps {
  method: RedeemKind; // which code: picks the endpoint and the deposit tracking
  label: ReactNode;
  placeholder: string;
  action: string; // the button text
  variant: 'gradient' | 'outline';
  className: string;
  ariaLabel?: string;
}

/** The code form; redeems the trimmed code as a `method` code. */
export function CodeRedeemForm(p: CodeRedeemProps) {
  const id = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <form
      className={p.className}
      aria-label={p.ariaLabel}
      onSubmit={(e) => {
        e.preventDefault();
        if (!code.trim()) return;
        setBusy(true);
        void redeem(p.method, code).then((ok) => {
          if (ok) setCode('');
          setBusy(false);
        });
      }}
    >
      <label htmlFor={id}>{p.label}</label>
      <div className="inline-row">
        <CodeInput id={id} code={code} setCode={setCode} placeholder={p.placeholder} />
        <Button type="submit" variant={p.variant} disabled={code.trim() === ''} loading={busy}>
          {p.action}
        </Button>
      </div>
    </form>
  );
}
