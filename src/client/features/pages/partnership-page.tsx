// /partnership: the affiliate programme for creators and sites, with the real commission rates
// (shared/api/affiliates.ts: a share of the expected house profit of each game, shared/levels.ts).
import { Link } from 'react-router';
import { InfoPage } from './info/info-page.tsx';
import { AFFILIATE_SHARE_PERCENT, commissionOfWagerPercent } from '../../../shared/api/affiliates.ts';
import { WAGER_EDGE_BP } from '../../../shared/levels.ts';

const games: { kind: string; name: string }[] = [
  { kind: 'bet', name: 'Dice' },
  { kind: 'box', name: 'Boxes' },
  { kind: 'user_box', name: 'Custom boxes' },
  { kind: 'upgrade', name: 'Upgrade' },
];
const percent = (n: number) => `${Number(n.toFixed(4))}%`;

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
                You receive {AFFILIATE_SHARE_PERCENT}% of the house edge on every wager your referrals place — the
                expected house profit of each game — for as long as they play. As a share of the amount wagered:
              </p>
              <table className="info-table">
                <thead>
                  <tr>
                    <th>Game</th>
                    <th>House edge</th>
                    <th>Your commission per $100 wagered</th>
                  </tr>
                </thead>
                <tbody>
                  {games.map((g) => (
                    <tr key={g.kind}>
                      <td>{g.name}</td>
                      <td>{percent((WAGER_EDGE_BP[g.kind] ?? 0) / 100)}</td>
                      <td>${commissionOfWagerPercent(g.kind).toFixed(2)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
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
