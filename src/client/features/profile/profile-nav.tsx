// The profile hub's navigation (spec §2 /profile children): tabs on wide screens, a list on a phone
// (profile-hub.css). The page being shown carries aria-current="page".
import { Link, useLocation } from 'react-router';

/** A page of the profile hub. */
export interface ProfileHubLink {
  to: string; // the spec §2 path
  label: string;
}

/** The hub's pages, in the order of spec §2; Main is /profile (also reachable as /profile/main). */
export const profileHubLinks: ProfileHubLink[] = [
  { to: '/profile', label: 'Main' },
  { to: '/profile/deposit', label: 'Deposits' },
  { to: '/profile/withdraw', label: 'Withdraw' },
  { to: '/profile/inventory', label: 'Inventory' },
  { to: '/profile/my-boxes', label: 'My boxes' },
  { to: '/profile/delivery', label: 'Delivery' },
  { to: '/profile/shipping', label: 'Shipping' },
  { to: '/profile/support', label: 'Support' },
  { to: '/profile/referral', label: 'Affiliates' },
];

/** The hub link that `pathname` belongs to (/profile/main → Main, /profile/support/create → Support). */
export function activeHubLink(pathname: string): ProfileHubLink | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/profile' || path === '/profile/main') return profileHubLinks[0];
  return profileHubLinks.slice(1).find((l) => path === l.to || path.startsWith(`${l.to}/`));
}

/** The hub navigation. */
export function ProfileNav() {
  const active = activeHubLink(useLocation().pathname);
  return (
    <nav className="profile-nav" aria-label="Profile" data-testid="profile-nav">
      <ul>
        {profileHubLinks.map((l) => (
          <li key={l.to}>
            <Link
              to={l.to}
              className={l === active ? 'active' : undefined}
              aria-current={l === active ? 'page' : undefined}
            >
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
