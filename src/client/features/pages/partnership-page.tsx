// /partnership: the affiliate programme for creators and sites.
import { Link } from 'react-router';
import { InfoPage } from './info/info-page.tsx';

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
                You earn a commission on your referrals' wagers, credited to your balance. Your profile shows clicks,
                sign-ups, deposits and earnings.
              </li>
            </ol>
          ),
        },
        {
          heading: 'Commission',
          body: (
            <p>
              Every partner starts with a commission on the house edge of referred play. Partners with a larger audience
              can agree a custom rate, custom promo codes and sponsored boxes with our team.
            </p>
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
