// /how-it-works: the player's path from sign-up to an item at the door.
import { Link } from 'react-router';
import { InfoPage } from './info/info-page.tsx';

/** The How it works page. */
export default function HowItWorksPage() {
  return (
    <InfoPage
      title="How it works"
      intro={
        <p>Four steps from sign-up to a real item in your hands — and a way to check every result along the way.</p>
      }
      sections={[
        {
          heading: '1. Create your account',
          body: (
            <p>
              Sign up with a nickname, your email and a password, or with a social account. You must be 18 or older.
              Your balance, level and inventory live in your profile.
            </p>
          ),
        },
        {
          heading: '2. Add balance',
          body: (
            <p>
              Deposit by card (from $5), cryptocurrency (from $35), gift card or skins. Balance is shown in US dollars;
              one coin is one dollar. A promo code can add a bonus to your deposit.
            </p>
          ),
        },
        {
          heading: '3. Open boxes and play',
          body: (
            <ul>
              <li>
                <strong>Boxes</strong> show every item and its exact chance. Opening a box draws a ticket from 1 to
                100,000 that lands on exactly one item.
              </li>
              <li>
                <strong>Battles</strong>: several players open the same boxes; the highest total value wins everything.
              </li>
              <li>
                <strong>Upgrade</strong>: trade an item for a chance at a more valuable one; you choose the chance.
              </li>
              <li>
                <strong>Rocket</strong>: place a bet and cash out before the rocket crashes.{' '}
                <strong>Crazy Wheel</strong>: pick a colour and spin. <strong>Bounce</strong>: drop a ball through the
                pegs. <strong>Dice</strong>: roll over or under a number you choose.
              </li>
            </ul>
          ),
        },
        {
          heading: '4. Keep, sell or ship',
          body: (
            <p>
              Items you win go to your inventory. Sell them back for balance at the listed sale price, use them in an
              upgrade, or request delivery to your address from your profile.
            </p>
          ),
        },
        {
          heading: 'Check every result',
          body: (
            <p>
              Before you play, you see the hash of the server seed. After you rotate seeds, the server seed is revealed
              and you can recompute every result of that seed pair. Learn how on the{' '}
              <Link to="/provably-fair">provably fair</Link> page.
            </p>
          ),
        },
      ]}
    />
  );
}
