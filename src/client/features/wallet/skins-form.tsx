// Skins form (spec §2, §5, §9): amount (default 3.15, a required number), the promo field and
// Checkout → POST /api/deposit/skinsback/redirect → the browser goes to redirect_url.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { redirectResponse } from '../../../shared/api/wallet.ts';
import { PROMO_LABEL_CODE, SKINS_DEFAULT_DOLLARS } from '../../../shared/constants.ts';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/toaster.tsx';
import { api } from '../../lib/api.ts';
import { PromoField, promoLabel, usePromo } from './promo-field.tsx';
import { browser, msgFirst, promoBonus, skinsFormSchema, type SkinsForm as SkinsValues } from './wallet-forms.ts';

/** The skins deposit form. */
export function SkinsForm() {
  const { register, handleSubmit, watch, formState } = useForm<SkinsValues>({
    resolver: zodResolver(skinsFormSchema),
    mode: 'onBlur',
    reValidateMode: 'onChange',
    defaultValues: { amount: SKINS_DEFAULT_DOLLARS, code: '' },
  });
  const promo = usePromo();
  const [busy, setBusy] = useState(false);
  const amount = watch('amount');
  const bonus = promoBonus(promo.promo, amount);
  const checkout = handleSubmit(async (v) => {
    setBusy(true);
    try {
      const r = await api<z.infer<typeof redirectResponse>>('POST', '/api/deposit/skinsback/redirect', { amount: v.amount, promocode: promo.promo?.code ?? '' });
      browser.go(r.redirect_url);
    } catch (e) {
      toast.error(msgFirst(e));
      setBusy(false);
    }
  });
  const error = formState.errors.amount?.message;
  return (
    <form className="deposit-form skins-form" onSubmit={checkout} noValidate aria-label="Skins">
      <div className={['field', error ? 'field-invalid' : ''].join(' ')}>
        <label htmlFor="skins-amount">Amount</label>
        <div className="field-box">
          <span className="field-prefix">$</span>
          <input id="skins-amount" type="number" inputMode="decimal" step="0.01" aria-invalid={error ? true : undefined} {...register('amount', { valueAsNumber: true })} />
        </div>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <p className="muted small">You choose skins worth at least this amount on the next page.</p>
      <PromoField state={promo} bonus={bonus} label={promoLabel(PROMO_LABEL_CODE.code, PROMO_LABEL_CODE.percent)} />
      <Button type="submit" variant="gradient" size="lg" loading={busy}>
        Checkout
      </Button>
    </form>
  );
}
