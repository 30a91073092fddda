// Gift card form (spec §2, §9): a code with Redeem (disabled while empty) and the "Purchase a
// Gift Card" list of six denominations with 1, 1, 2, 2, 2, 3 coin icons and Buy links (new tab).
import { useEffect, useState } from 'react';
import coin from '../../../../assets/wallet/coin.svg';
import { GIFT_COIN_ICONS, GIFT_DENOMINATIONS } from '../../../shared/constants.ts';
import { runtimeConfig } from '../../lib/runtime-config.ts';
import { CodeRedeemForm } from './code-redeem-form.tsx';

/** Where Buy links go when /api/config cannot be read: the site's contacts page. */
const FALLBACK_RESELLER_URL = '/contacts';

/** The Buy link of a denomination: the reseller URL (GIFTCARD_RESELLER_URL via /api/config) with ?amount=. */
export function giftCardBuyUrl(resellerUrl: string, dollars: number): string {
  const url = new URL(resellerUrl, window.location.origin);
  url.searchParams.set('amount', String(dollars));
  return url.href;
}

/** The configured reseller URL (null while /api/config loads). */
function useResellerUrl(): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    runtimeConfig()
      .then((c) => c.giftcard_reseller_url || FALLBACK_RESELLER_URL)
      .catch((e: unknown) => {
        console.warn('config failed', e);
        return FALLBACK_RESELLER_URL;
      })
      .then((u) => {
        if (live) setUrl(u);
      });
    return () => {
      live = false;
    };
  }, []);
  return url;
}

/** The text about where to buy. */
export const GIFT_CARD_NOTICE =
  'Buy gift cards only through the links listed on our site. Cards bought anywhere else may not be valid.';

/** The gift card form. */
export function GiftCardForm() {
  const reseller = useResellerUrl();
  return (
    <div className="deposit-form gift-form">
      <CodeRedeemForm
        className="field"
        method="giftcard"
        label="Gift card code"
        placeholder="Enter gift card code"
        action="Redeem"
        variant="gradient"
      />
      <h3>Purchase a Gift Card</h3>
      <ul className="gift-list">
        {GIFT_DENOMINATIONS.map((d, i) => (
          <li key={d} className="gift-card" data-testid={`gift-${d}`}>
            <span className="gift-coins" aria-label={`${GIFT_COIN_ICONS[i]} coins`}>
              {Array.from({ length: GIFT_COIN_ICONS[i] ?? 1 }, (_, k) => (
                <img key={k} src={coin} alt="" width={20} height={20} className="gift-coin" />
              ))}
            </span>
            <strong>${d}</strong>
            {reseller ? (
              <a
                className="btn btn-outline btn-sm"
                href={giftCardBuyUrl(reseller, d)}
                target="_blank"
                rel="noopener noreferrer"
              >
                Buy
              </a>
            ) : (
              <span className="btn btn-outline btn-sm" aria-disabled="true">
                Buy
              </span>
            )}
          </li>
        ))}
      </ul>
      <p className="muted small">{GIFT_CARD_NOTICE}</p>
    </div>
  );
}
