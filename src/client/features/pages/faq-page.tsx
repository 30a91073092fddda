// /faq: answers to the questions players ask most.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { InfoPage, SUPPORT_EMAIL } from './info/info-page.tsx';

const faqs: [string, ReactNode][] = [
  [
    'What is Loot Arcade?',
    <>
      Loot Arcade is a site where you open mystery boxes that contain real branded products, and play short games —
      Battles, Upgrade, Rocket, Crazy Wheel, Bounce and Dice. Every result is decided from seeds that are committed
      before you play, so you can check each one yourself on the <Link to="/provably-fair">provably fair</Link> page.
    </>,
  ],
  [
    'Who can play?',
    'You must be at least 18 years old (or the age of majority where you live, if higher) and live in a country where such games are allowed. One account per person.',
  ],
  [
    'How do I add balance?',
    'Sign in and press Deposit (or your balance). You can pay by card, with cryptocurrency, with a gift card or with skins. Your balance is shown in US dollars with two decimals; one coin equals one dollar.',
  ],
  [
    'What is the minimum deposit?',
    'Card payments start at $5. Crypto deposits must be at least $35 worth of the chosen currency; smaller crypto transfers cannot be credited or refunded.',
  ],
  [
    'What happens to the items I win?',
    'Won items go to your inventory. You can sell an item back for balance at its listed sale price at any time, or request delivery to your address. Shipping times depend on the item and your country and are shown before you confirm a delivery.',
  ],
  [
    'How do I know a box is fair?',
    'Each box lists every item with its exact chance. When you open a box, a ticket number between 1 and 100,000 is computed from the server seed, your client seed and a nonce, and the ticket falls into the range of exactly one item. You can recompute the ticket after the server seed is revealed.',
  ],
  [
    'What is a promo code?',
    'A promo code adds a bonus to a deposit, for example a percentage of the amount or a free box. Enter it in the deposit window before paying. Each code has its own conditions and expiry, shown when you apply it.',
  ],
  [
    'How do cashback and the leaderboard work?',
    <>
      Cashback returns 10% of the house edge on your settled bets, win or lose; it is calculated every day at 21:00
      (Berlin time). The leaderboard ranks players by their settled bets over a week that ends every Thursday at 18:00.
      See <Link to="/cashback">Cashback</Link> and <Link to="/leaderboard">Leaderboard</Link>.
    </>,
  ],
  [
    'Can I withdraw my balance?',
    'Balance can be withdrawn from your profile once your account is verified. Withdrawals are reviewed by our team and their status (Requested, In processing, Done or Canceled) is shown in your profile.',
  ],
  [
    'I forgot my password.',
    'Open Login and choose "Forgot password?". We email you a link to set a new password. If the email does not arrive within a few minutes, check your spam folder.',
  ],
  [
    'Can I limit my play?',
    `Yes. Write to ${SUPPORT_EMAIL} to set a deposit limit or to close your account for a period you choose. Limits take effect at once and cannot be lifted before they expire.`,
  ],
  [
    'How do I contact support?',
    <>
      Signed-in players can open a ticket in <Link to="/profile/support">Support</Link>. You can also email{' '}
      {SUPPORT_EMAIL}; see <Link to="/contacts">Contacts</Link>.
    </>,
  ],
];

/** The FAQ page. */
export default function FaqPage() {
  return (
    <InfoPage
      title="FAQ"
      intro={
        <p>Short answers to the questions players ask us most. Anything missing? Our support team replies every day.</p>
      }
      sections={[]}
    >
      <div className="faq-list">
        {faqs.map(([q, a]) => (
          <details key={q} className="faq-item">
            <summary>{q}</summary>
            <p>{a}</p>
          </details>
        ))}
      </div>
    </InfoPage>
  );
}
