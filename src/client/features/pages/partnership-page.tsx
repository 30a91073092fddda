// /partnership: the affiliate programme for creators and sites, with the real commission rates
// (shared/api/affiliates.ts: a share of the expected house profit of each game's settled wagers).
import { Link } from 'react-router';
import { InfoPage } from './info/info-page.tsx';
import { AFFILIATE_SHARE_PERCENT } from '../../../shared/api/affiliates.ts';
import { ProgrammeRates } from '../../components/ui/programme-rates.tsx';

/** The Partnership page. */
export default function PartnershipPage() {
  return (
    <InfoPage
      title="Partnership"
      intro={<p>Bring players to Loot Arcade and earn a share of what they wager — for as long as they play.</p>}
      sections={[
        {
          heading: 'How the programme works',
          body: (
            <ol>
              <li>
                Sign in and open <Link to="/profile/referral">Affiliates</Link> in your profile to get your personal
                referral link (it looks like /ref/your-code).
              </li>
              <li>
                Share it in your streams, videos, posts or on your site. A visitor who signs up through it becomes your
                referral.
              </li>
              <li>
                You earn a commission on your referrals' wagers. Your <Link to="/profile/referral">dashboard</Link>{' '}
                shows visitors, sign-ups, what your referrals wagered, what you earned, and a Claim button that credits
                your commission to your balance.
              </li>
            </ol>
          ),
        },
        {
          heading: 'Commission',
          body: (
            <>
              <p data-testid="partnership-share">
                You receive {AFFILIATE_SHARE_PERCENT}% of the house edge on every settled wager your referrals place —
                the expected house profit of each game and table — for as long as they play. A bet that is refunded or
                canceled earns nothing, and so does an account of your own: no commission is paid on a referral who
                signs in from your network or withdraws to your wallet. Per $100 your referrals wager:
              </p>
              <ProgrammeRates focus="commission" />
              <p>
                You can choose your own code for your link once. Partners with a larger audience can agree a custom
                rate, custom promo codes and sponsored boxes with our team.
              </p>
            </>
          ),
        },
        {
          heading: 'Rules',
          body: (
            <ul>
              <li>Promote responsibly: only to adults, never with claims of guaranteed winnings.</li>
              <li>No paid search ads on our brand name, no spam, no self-referrals or duplicate accounts.</li>
              <li>Commission earned through fraud or abuse is cancelled, and the partnership may be closed.</li>
            </ul>
          ),
        },
        {
          heading: 'Talk to us',
          body: (
            <p>
              Write to <a href="mailto:partners@lootarcade.example">partners@lootarcade.example</a> with a link to your
              channel or site and your audience size. We reply within two business days.
            </p>
          ),
        },
      ]}
    />
  );
}
