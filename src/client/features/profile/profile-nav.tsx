// The profile hub's navigation (spec §2 /profile children): tabs on wide screens, a list on a phone
// (profile-hub.css). The page being shown carries aria-current="page".
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { listTickets } from '../../lib/api/support.ts';
import { useSupport } from '../../stores/support.ts';

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

/** The hub navigation; Support carries a badge with the tickets that have unread replies. */
export function ProfileNav() {
  const active = activeHubLink(useLocation().pathname);
  const unread = useSupport((s) => s.unread);
  useEffect(() => {
    let live = true;
    listTickets().then(
      (r) => live && useSupport.getState().setUnread(r.unread),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
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
              {l.to === '/profile/support' && unread > 0 && (
                <span className="unread-badge" data-testid="support-unread" aria-label={`${unread} unread`}>
                  {unread}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
