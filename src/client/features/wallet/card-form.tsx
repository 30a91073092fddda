// Credit card form (spec §2, §5, §9): amount (default 25 or ?amount), presets 5, 25, 100, 250,
// 500, Other sets 50; Pay shows the amount and any promo bonus and is disabled when touched and
// invalid; Pay → POST /api/deposit/zen/redirect → the browser goes to redirect_url.
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { validateOnCommit } from '../../lib/validate-on-commit.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { CARD_DEFAULT_DOLLARS, CARD_OTHER_DOLLARS, CARD_PRESETS, PROMO_LABEL_CODE } from '../../../shared/constants.ts';
import { Button } from '../../components/ui/button.tsx';
import { formatDollars } from '../../lib/format.ts';
import { PromoField, promoLabel, usePromo } from './promo-field.tsx';
import { AmountField } from './amount-field.tsx';
import { useRedirectCheckout } from './redirect-checkout.ts';
import { cardFormSchema, promoBonus, queryNumber, type CardForm as CardValues } from './wallet-forms.ts';

/** The card deposit form. */
export function CardForm() {
  const { register, handleSubmit, setValue, watch, formState, trigger } = useForm<CardValues>({
    resolver: zodResolver(cardFormSchema),
    mode: 'onBlur',
    reValidateMode: 'onBlur', // and on the DOM change event (validateOnCommit): never per keystroke
    defaultValues: { amount: queryNumber('amount') ?? CARD_DEFAULT_DOLLARS, code: '' },
  });
  const commitRef = useMemo(() => validateOnCommit(trigger, ['amount'] as const), [trigger]);
  const promo = usePromo();
  const { busy, checkout } = useRedirectCheckout('zen');
  const amount = watch('amount');
  const valid = typeof amount === 'number' && Number.isFinite(amount);
  const bonus = valid ? promoBonus(promo.promo, amount) : 0;
  const touched = Object.keys(formState.touchedFields).length > 0 || formState.isSubmitted;
  const set = (v: number) => setValue('amount', v, { shouldValidate: true, shouldTouch: true, shouldDirty: true });
  const pay = handleSubmit((v) => checkout(v.amount, promo.promo?.code ?? ''));
  const error = formState.errors.amount?.message;
  return (
    <form className="deposit-form card-form" ref={commitRef} onSubmit={pay} noValidate aria-label="Credit card">
      <AmountField id="card-amount" error={error} field={register('amount', { valueAsNumber: true })} />
      <div className="presets" role="group" aria-label="Amount presets">
        {CARD_PRESETS.map((p) => (
          <button
            key={p}
            type="button"
            className={amount === p ? 'preset active' : 'preset'}
            aria-pressed={amount === p}
            onClick={() => set(p)}
          >
            {p}
          </button>
        ))}
        <button type="button" className="preset" onClick={() => set(CARD_OTHER_DOLLARS)}>
          Other
        </button>
      </div>
      <PromoField state={promo} bonus={bonus} label={promoLabel(PROMO_LABEL_CODE.code, PROMO_LABEL_CODE.percent)} />
      <Button
        type="submit"
        variant="gradient"
        size="lg"
        className="pay-button"
        loading={busy}
        disabled={touched && !formState.isValid}
      >
        {`Pay ${valid ? formatDollars(amount) : ''}${bonus > 0 ? ` + ${formatDollars(bonus)} bonus` : ''}`}
      </Button>
    </form>
  );
}
