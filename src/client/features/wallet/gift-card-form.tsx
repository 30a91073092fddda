// Gift card form (spec §2, §9): a code with Redeem (disabled while empty) and the "Purchase a
// Gift Card" list of six denominations with 1, 1, 2, 2, 2, 3 coin icons and Buy links (new tab).
import coin from '../../../../assets/wallet/coin.svg';
import { GIFT_COIN_ICONS, GIFT_DENOMINATIONS } from '../../../shared/constants.ts';
import { CodeRedeemForm } from './code-redeem-form.tsx';

/**
 * The third-party gift card reseller. PLACEHOLDER: no reseller is contracted yet; replace this
 * base URL with the real shop's product page (the denomination is appended as ?amount=).
 */
export const GIFT_CARD_RESELLER_URL = 'https://giftcards.example.com/loot-arcade';

/** The Buy link of a denomination. */
export function giftCardBuyUrl(dollars: number): string {
  return `${GIFT_CARD_RESELLER_URL}?amount=${dollars}`;
}

/** The text about where to buy. */
export const GIFT_CARD_NOTICE =
  'Buy gift cards only through the links listed on our site. Cards bought anywhere else may not be valid.';

/** The gift card form. */
export function GiftCardForm() {
  return (
    <div className="deposit-form gift-form">
      <CodeRedeemForm
        className="field"
        path="/api/deposit/gift-code/redeem"
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
            <a className="btn btn-outline btn-sm" href={giftCardBuyUrl(d)} target="_blank" rel="noopener noreferrer">
              Buy
            </a>
          </li>
        ))}
      </ul>
      <p className="muted small">{GIFT_CARD_NOTICE}</p>
    </div>
  );
}
