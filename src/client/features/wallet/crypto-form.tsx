// Crypto form (spec §2, §4): step 0 a grid of currencies (XRP excluded) and Next; Next requests
// the deposit address; step 1 the currency, Back, a QR code of the address (drawn locally with
// `qrcode`, no image service), the copyable read-only address, the note, the read-only rate and
// the 35 USD minimum with its warnings. Crypto failures show no message (spec §8), only a log.
import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import type { z } from 'zod';
import type { currencyEntrySchema } from '../../../shared/api/wallet.ts';
import { CRYPTO_MIN_USD } from '../../../shared/constants.ts';
import { Button } from '../../components/ui/button.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { getCryptoAddress, listCryptoCurrencies } from '../../lib/api/wallet.ts';
import { formatAmount } from '../../lib/format.ts';
import { HeldFundsNotice } from './held-funds-notice.tsx';

type Currency = z.infer<typeof currencyEntrySchema>;

/** Currencies the client does not offer (the server lists them all). */
export const HIDDEN_CURRENCIES = ['XRP'];

/** Texts of step 1 (spec §2). */
export const CRYPTO_TEXTS = {
  note: 'This is your private depositing address. Any deposit you make will show up in your balance after blockchain confirmation',
  minimum: `Minimum deposit ${CRYPTO_MIN_USD} USD`,
  lost: 'In the case if you pay less than limit, the funds will be lost without a possibility for refund.',
  rate: 'If the exchange rate changes during the transaction, you may receive a different amount than the one you sent.',
  held: 'What arrives over your deposit limit, or while you are self-excluded, is held: you can withdraw it at once, and play it once your limits allow.',
};

/** An SVG data URL of the QR code of `text`. */
export async function qrDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The crypto deposit form. */
export function CryptoForm() {
  const [currencies, setCurrencies] = useState<Currency[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [step, setStep] = useState<0 | 1>(0);
  const [wallet, setWallet] = useState<string | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    listCryptoCurrencies().then(
      (r) => {
        if (!live) return;
        const list = r.data.filter((c) => !HIDDEN_CURRENCIES.includes(c.currency));
        setCurrencies(list);
        setChosen((c) => c ?? list[0]?.currency ?? null);
      },
      (e: unknown) => console.warn('crypto currencies failed', e),
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!wallet) return;
    let live = true;
    qrDataUrl(wallet).then(
      (url) => live && setQr(url),
      (e: unknown) => console.warn('QR code failed', e),
    );
    return () => {
      live = false;
    };
  }, [wallet]);

  const next = async () => {
    if (!chosen) return;
    setBusy(true);
    try {
      const r = await getCryptoAddress(chosen);
      setQr(null);
      setWallet(r.data.wallet);
      setStep(1);
    } catch (e) {
      console.warn('crypto address failed', e);
    } finally {
      setBusy(false);
    }
  };

  const current = currencies?.find((c) => c.currency === chosen);
  if (step === 1 && current && wallet) {
    return (
      <div className="deposit-form crypto-form" data-testid="crypto-address">
        <div className="crypto-head">
          <Button variant="outline-gray" size="sm" onClick={() => setStep(0)}>
            Back
          </Button>
          <strong className="crypto-chosen">
            {current.name} ({current.currency})
          </strong>
          <span className="muted small">{current.network}</span>
        </div>
        <div className="crypto-body">
          <div className="crypto-qr">
            {qr ? (
              <img
                src={qr}
                alt={`QR code of the ${current.currency} address`}
                width={160}
                height={160}
                data-testid="crypto-qr"
              />
            ) : (
              <span className="muted">Drawing QR code...</span>
            )}
          </div>
          <div className="crypto-details">
            <TextInput
              label={`Your ${current.currency} deposit address`}
              value={wallet}
              readOnly
              copyable
              data-testid="crypto-wallet"
            />
            <p className="muted small">{CRYPTO_TEXTS.note}</p>
            <TextInput
              label="Exchange rate"
              value={`${current.rate_from} ${current.currency} = ${formatAmount(Number(current.rate_to))} coins`}
              readOnly
            />
          </div>
        </div>
        <HeldFundsNotice />
        <div className="crypto-warning" role="note">
          <strong>{CRYPTO_TEXTS.minimum}</strong>
          <p>{CRYPTO_TEXTS.lost}</p>
          <p>{CRYPTO_TEXTS.rate}</p>
          <p>{CRYPTO_TEXTS.held}</p>
        </div>
      </div>
    );
  }
  return (
    <div className="deposit-form crypto-form">
      {currencies === null ? (
        <p className="muted">Loading currencies...</p>
      ) : (
        <div className="crypto-grid" role="radiogroup" aria-label="Currency">
          {currencies.map((c) => (
            <button
              key={c.currency}
              type="button"
              role="radio"
              aria-checked={chosen === c.currency}
              className={chosen === c.currency ? 'crypto-tile active' : 'crypto-tile'}
              onClick={() => setChosen(c.currency)}
            >
              <strong>{c.currency}</strong>
              <span className="muted small">{c.name}</span>
            </button>
          ))}
        </div>
      )}
      <Button variant="gradient" size="lg" disabled={!chosen} loading={busy} onClick={() => void next()}>
        Next
      </Button>
    </div>
  );
}
