// /terms-of-service: the agreement between the player and the operator.
import { Link } from 'react-router';
import { InfoPage, LEGAL_UPDATED } from './info/info-page.tsx';

/** The Terms of service page. */
export default function TermsOfServicePage() {
  return (
    <InfoPage
      title="Terms of service"
      updated={LEGAL_UPDATED}
      intro={<p>By creating an account or using Loot Arcade you agree to these terms. Please read them carefully.</p>}
      sections={[
        {
          heading: '1. Eligibility',
          body: (
            <p>
              You must be at least 18 years old, or the age of majority in your country if higher, and you may only play
              where the law allows it. You may hold one account, in your own name, with accurate details.
            </p>
          ),
        },
        {
          heading: '2. Your account',
          body: (
            <p>
              Keep your password secret; you are responsible for activity in your account. Tell us at once if you
              suspect someone else has access to it.
            </p>
          ),
        },
        {
          heading: '3. Balance and payments',
          body: (
            <p>
              Balance is shown in US dollars; one coin equals one dollar. Deposits must come from payment methods in
              your name. Bonuses from promo codes are credited as stated when the code is applied. We may reverse
              deposits that are charged back or made fraudulently.
            </p>
          ),
        },
        {
          heading: '4. Boxes, games and results',
          body: (
            <p>
              Every box lists its items and their chances, and every game result is determined by the provably fair
              process described on the <Link to="/provably-fair">provably fair</Link> page. A result is final once
              shown. If a technical fault affects a bet, the bet is settled from its recorded seeds, or refunded when
              that is not possible.
            </p>
          ),
        },
        {
          heading: '5. Items and delivery',
          body: (
            <p>
              Items you win are held in your inventory. You may sell them back at the listed sale price or request
              delivery. Delivery requires a valid address; stated delivery times are estimates. Items are authentic
              products of the brands shown.
            </p>
          ),
        },
        {
          heading: '6. Withdrawals',
          body: (
            <p>
              Withdrawals may require identity verification under our AML policy and are processed after review. We may
              cancel a withdrawal that breaks these terms.
            </p>
          ),
        },
        {
          heading: '7. Fair use',
          body: (
            <p>
              Bots, exploits of errors, collusion in battles, multiple accounts and abuse of promotions are forbidden.
              We may suspend accounts involved and void the affected bets and winnings.
            </p>
          ),
        },
        {
          heading: '8. Responsible play',
          body: (
            <p>
              Play only with money you can afford to lose. You can set limits or close your account for a chosen period
              by contacting support.
            </p>
          ),
        },
        {
          heading: '9. Changes and closing',
          body: (
            <p>
              We may change these terms; the date above shows the latest version and we announce important changes
              before they apply. You may close your account at any time and withdraw the remaining balance, subject to
              section 6.
            </p>
          ),
        },
        {
          heading: '10. Contact',
          body: (
            <p>
              Questions about these terms: see <Link to="/contacts">Contacts</Link>.
            </p>
          ),
        },
      ]}
    />
  );
}
