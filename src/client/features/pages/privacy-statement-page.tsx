// /privacy-statement: what personal data is kept, why, for how long, and the player's rights.
import { InfoPage, LEGAL_UPDATED } from './info/info-page.tsx';

/** The Privacy statement page. */
export default function PrivacyStatementPage() {
  return (
    <InfoPage
      title="Privacy statement"
      updated={LEGAL_UPDATED}
      intro={
        <p>
          This statement explains which personal data Loot Arcade collects, why we need it, who sees it and what you can
          ask of us.
        </p>
      }
      sections={[
        {
          heading: 'Data we collect',
          body: (
            <ul>
              <li>
                Account data: nickname, email address, password (stored only as a salted hash), avatar and your
                marketing choice.
              </li>
              <li>
                Game and payment data: deposits, withdrawals, bets, box openings, seeds and results, inventory and
                balance history.
              </li>
              <li>Delivery data when you ship an item: name, email, phone and postal address.</li>
              <li>Verification data when required by law: identity documents and proof of address.</li>
              <li>Technical data: IP address, browser type and the partner link you arrived through.</li>
            </ul>
          ),
        },
        {
          heading: 'Why we use it',
          body: (
            <ul>
              <li>To run your account, process payments and deliver items (performance of our contract with you).</li>
              <li>To prevent fraud and money laundering and to meet legal duties (legal obligation).</li>
              <li>To send promotions, only if you opted in; you can opt out at any time (consent).</li>
              <li>To keep the site secure and working (legitimate interest).</li>
            </ul>
          ),
        },
        {
          heading: 'Who receives it',
          body: (
            <p>
              Payment providers, delivery companies and identity-check services receive only what they need for their
              task. We do not sell personal data. Authorities receive data only where the law requires it.
            </p>
          ),
        },
        {
          heading: 'How long we keep it',
          body: (
            <p>
              Account and transaction records are kept while your account is open and for five years after it closes, as
              anti-money-laundering law requires. Marketing consent ends when you withdraw it.
            </p>
          ),
        },
        {
          heading: 'Your rights',
          body: (
            <p>
              You may ask for a copy of your data, its correction or deletion, restriction of its use, or its transfer
              to you in a machine-readable form, and you may object to processing based on legitimate interest. Write to{' '}
              <a href="mailto:privacy@lootarcade.example">privacy@lootarcade.example</a>; we answer within one month.
              You may also complain to your data protection authority.
            </p>
          ),
        },
        {
          heading: 'Security',
          body: (
            <p>
              Connections are encrypted, passwords are hashed, access to personal data is limited to staff who need it,
              and every change to your balance is recorded.
            </p>
          ),
        },
      ]}
    />
  );
}
