// /aml-policy: anti-money-laundering and counter-terrorist-financing policy.
import { InfoPage, LEGAL_UPDATED } from './info/info-page.tsx';

/** The AML policy page. */
export default function AmlPolicyPage() {
  return (
    <InfoPage
      title="AML policy"
      updated={LEGAL_UPDATED}
      intro={
        <p>
          Loot Arcade does not allow its services to be used to launder money or to finance terrorism. This policy
          explains the checks we run and what they mean for you.
        </p>
      }
      sections={[
        {
          heading: 'Know your customer',
          body: (
            <p>
              We may ask any player to confirm their identity, age and address — for example with an identity document
              and a recent utility bill — before a withdrawal, when deposits or withdrawals exceed our thresholds, or
              when activity looks unusual. Until the check is complete we may hold withdrawals.
            </p>
          ),
        },
        {
          heading: 'Source of funds',
          body: (
            <p>
              For larger amounts we may ask where the money comes from, such as a payslip or bank statement. Deposits
              must come from payment methods and wallets in your own name.
            </p>
          ),
        },
        {
          heading: 'Monitoring',
          body: (
            <ul>
              <li>
                We review deposits, bets and withdrawals for patterns such as depositing and withdrawing without
                playing, or splitting amounts to stay below thresholds.
              </li>
              <li>Withdrawals go back to the method used for deposits where possible.</li>
              <li>Balance may not be moved between players.</li>
            </ul>
          ),
        },
        {
          heading: 'Sanctions',
          body: (
            <p>
              We screen players against international sanctions lists and do not serve persons or countries subject to
              sanctions.
            </p>
          ),
        },
        {
          heading: 'Reporting and records',
          body: (
            <p>
              Where the law requires it, we report suspicious activity to the competent authorities without telling the
              player concerned, and we keep identification and transaction records for at least five years after an
              account is closed.
            </p>
          ),
        },
        {
          heading: 'Consequences',
          body: (
            <p>
              If a player refuses to cooperate with a check, or we find that funds are linked to crime, we may close the
              account and withhold the balance as the law allows.
            </p>
          ),
        },
      ]}
    />
  );
}
