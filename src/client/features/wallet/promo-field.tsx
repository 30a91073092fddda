// The promo code field of the card and skins forms (spec §2, §4 Promo): Apply (disabled while
// empty) validates the code; "Promo code accepted" on success; the applied promo shows its code,
// bonus, an Active tag, a remove button and "You'll receive an extra {bonus}". ?promocode applies on load.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/toaster.tsx';
import { formatDollars } from '../../lib/format.ts';
import { msgFirst, promoValueLabel, queryText, type Promo } from './wallet-forms.ts';
import { validatePromocode } from '../../lib/api/wallet.ts';

/** The applied promo of a form and its actions. */
export interface PromoState {
  promo: Promo | null; // the applied promo, null = none
  busy: boolean; // a validation is running
  apply(code: string): Promise<boolean>;
  remove(): void;
}

/** Promo state; applies ?promocode once on mount. */
export function usePromo(): PromoState {
  const [promo, setPromo] = useState<Promo | null>(null);
  const [busy, setBusy] = useState(false);
  const apply = useCallback(async (code: string) => {
    setBusy(true);
    try {
      const r = await validatePromocode(code.trim());
      setPromo(r.promocode);
      toast.success('Promo code accepted');
      return true;
    } catch (e) {
      setPromo(null);
      toast.error(msgFirst(e));
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  const fromQuery = useRef(false);
  useEffect(() => {
    if (fromQuery.current) return;
    fromQuery.current = true;
    const code = queryText('promocode');
    if (code) void apply(code);
  }, [apply]);
  return { promo, busy, apply, remove: () => setPromo(null) };
}

/** The promo label advertising the 5% code. */
export function promoLabel(code: string, percent: number): string {
  return `Promo code (use ${code} for a ${percent}% bonus)`;
}

/** The promo field or, once applied, the applied promo. `bonus` is the extra in dollars. */
export function PromoField({ state, bonus, label }: { state: PromoState; bonus: number; label: string }) {
  const id = useId();
  const [code, setCode] = useState('');
  if (state.promo) {
    return (
      <div className="promo-applied" data-testid="promo-applied">
        <div className="promo-applied-row">
          <span className="promo-code">{state.promo.code}</span>
          <span className="promo-value">+{promoValueLabel(state.promo)}</span>
          <span className="promo-active">Active</span>
          <button type="button" className="promo-remove" aria-label="Remove promo code" onClick={() => state.remove()}>
            ×
          </button>
        </div>
        <p className="promo-extra">You&apos;ll receive an extra {formatDollars(bonus)}</p>
      </div>
    );
  }
  return (
    <div className="field promo-field">
      <label htmlFor={id}>{label}</label>
      <div className="inline-row">
        <CodeInput id={id} code={code} setCode={setCode} placeholder="Enter promo code" />
        <Button
          variant="outline"
          disabled={code.trim() === ''}
          loading={state.busy}
          onClick={() => void state.apply(code).then((ok) => ok && setCode(''))}
        >
          Apply
        </Button>
      </div>
    </div>
  );
}

/** The text input of a code (promo, gift card, voucher): no autocomplete. */
export function CodeInput(p: { id: string; code: string; setCode(code: string): void; placeholder?: string }) {
  return (
    <input
      id={p.id}
      value={p.code}
      onChange={(e) => p.setCode(e.target.value)}
      autoComplete="off"
      placeholder={p.placeholder}
    />
  );
}
