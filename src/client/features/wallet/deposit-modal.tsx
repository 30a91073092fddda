// The deposit modal (spec §2, §4): desktop opens on step 1 (card); mobile (< 768 px) on step 0,
// the method list "Chose payment method" with a back arrow. Steps 1–4: Credit card, Crypto,
// Giftcards, Skins ("By skins" on mobile). The voucher box shows under every method. The host
// unmounts the content on close, so reopening starts at the list again.
import { useEffect, useState } from 'react';
import { CRYPTO_BONUS_LABEL } from '../../../shared/constants.ts';
import { useModals } from '../../stores/modals.ts';
import { CardForm } from './card-form.tsx';
import { CryptoForm } from './crypto-form.tsx';
import { GiftCardForm } from './gift-card-form.tsx';
import { SkinsForm } from './skins-form.tsx';
import { VoucherBox } from './voucher-box.tsx';
import './wallet.css';

/** Widths below this are mobile (px). */
export const MOBILE_MAX_WIDTH = 768;
/** Device check debounce on resize (ms, spec §9). */
export const RESIZE_DEBOUNCE_MS = 50;

/** The deposit methods, by step. */
export const DEPOSIT_METHODS = [
  { step: 1, title: 'Credit card', mobileTitle: 'Credit card', note: '+20 payment methods' },
  { step: 2, title: 'Crypto', mobileTitle: 'Crypto', note: CRYPTO_BONUS_LABEL },
  { step: 3, title: 'Giftcards', mobileTitle: 'Giftcards', note: null },
  { step: 4, title: 'Skins', mobileTitle: 'By skins', note: null },
] as const;

/** True while the window is narrower than 768 px (debounced 50 ms). */
export function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(() => window.innerWidth < MOBILE_MAX_WIDTH);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setMobile(window.innerWidth < MOBILE_MAX_WIDTH), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return mobile;
}

function MethodForm({ step }: { step: number }) {
  if (step === 2) return <CryptoForm />;
  if (step === 3) return <GiftCardForm />;
  if (step === 4) return <SkinsForm />;
  return <CardForm />;
}

/** The deposit modal content. */
export default function DepositModal() {
  const mobile = useIsMobile();
  const [step, setStep] = useState<number>(() => (window.innerWidth < MOBILE_MAX_WIDTH ? 0 : 1));
  const shown = !mobile && step === 0 ? 1 : step;
  const method = DEPOSIT_METHODS.find((m) => m.step === shown);

  if (mobile && shown === 0) {
    return (
      <div className="deposit-modal mobile" data-testid="deposit-modal" data-step={0}>
        <header className="deposit-head">
          <button
            type="button"
            className="deposit-back"
            aria-label="Back"
            onClick={() => useModals.getState().closeAll()}
          >
            ←
          </button>
          <h2>Chose payment method</h2>
        </header>
        <ul className="deposit-method-list">
          {DEPOSIT_METHODS.map((m) => (
            <li key={m.step}>
              <button type="button" className="deposit-method" onClick={() => setStep(m.step)}>
                <strong>{m.mobileTitle}</strong>
                {m.note && <span className="deposit-note">{m.note}</span>}
              </button>
            </li>
          ))}
        </ul>
        <VoucherBox />
      </div>
    );
  }

  return (
    <div className={mobile ? 'deposit-modal mobile' : 'deposit-modal'} data-testid="deposit-modal" data-step={shown}>
      {mobile ? (
        <header className="deposit-head">
          <button type="button" className="deposit-back" aria-label="Back" onClick={() => setStep(0)}>
            ←
          </button>
          <h2>{method?.mobileTitle}</h2>
        </header>
      ) : (
        <>
          <h2 className="deposit-title">Deposit</h2>
          <div className="deposit-tabs" role="tablist" aria-label="Payment method">
            {DEPOSIT_METHODS.map((m) => (
              <button
                key={m.step}
                type="button"
                role="tab"
                aria-selected={shown === m.step}
                className="deposit-method"
                onClick={() => setStep(m.step)}
              >
                <strong>{m.title}</strong>
                {m.note && <span className="deposit-note">{m.note}</span>}
              </button>
            ))}
          </div>
        </>
      )}
      <div role={mobile ? undefined : 'tabpanel'} aria-label={method?.title} className="deposit-panel">
        <MethodForm step={shown} />
      </div>
      <VoucherBox />
    </div>
  );
}
