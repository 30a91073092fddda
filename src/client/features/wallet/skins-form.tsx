// Skins form (spec §2, §5, §9): amount (default 3.15, a required number), the promo field and
// Checkout → POST /api/deposit/skinsback/redirect → the browser goes to redirect_url.
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { validateOnCommit } from '../../lib/validate-on-commit.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { PROMO_LABEL_CODE, SKINS_DEFAULT_DOLLARS } from '../../../shared/constants.ts';
import { Button } from '../../components/ui/button.tsx';
import { PromoField, promoLabel, usePromo } from './promo-field.tsx';
import { AmountField } from './amount-field.tsx';
import { useRedirectCheckout } from './redirect-checkout.ts';
import { promoBonus, skinsFormSchema, type SkinsForm as SkinsValues } from './wallet-forms.ts';

/** The skins deposit form. */
export function SkinsForm() {
  const { register, handleSubmit, watch, formState, trigger } = useForm<SkinsValues>({
    resolver: zodResolver(skinsFormSchema),
    mode: 'onBlur',
    reValidateMode: 'onBlur', // and on the DOM change event (validateOnCommit): never per keystroke
    defaultValues: { amount: SKINS_DEFAULT_DOLLARS, code: '' },
  });
  const commitRef = useMemo(() => validateOnCommit(trigger, ['amount'] as const), [trigger]);
  const promo = usePromo();
  const { busy, checkout } = useRedirectCheckout('skinsback');
  const amount = watch('amount');
  const bonus = promoBonus(promo.promo, amount);
  const submit = handleSubmit((v) => checkout(v.amount, promo.promo?.code ?? ''));
  const error = formState.errors.amount?.message;
  return (
    <form className="deposit-form skins-form" ref={commitRef} onSubmit={submit} noValidate aria-label="Skins">
      <AmountField id="skins-amount" error={error} field={register('amount', { valueAsNumber: true })} />
      <p className="muted small">You choose skins worth at least this amount on the next page.</p>
      <PromoField state={promo} bonus={bonus} label={promoLabel(PROMO_LABEL_CODE.code, PROMO_LABEL_CODE.percent)} />
      <Button type="submit" variant="gradient" size="lg" loading={busy}>
        Checkout
      </Button>
    </form>
  );
}
