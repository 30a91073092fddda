// Full-screen mobile menu (spec §2 Mobile): close button, profile card, cashback countdown link
// (hidden on /plinko, shown below large screens), the 11 main links and a grid of information
// links. Body scrolling is locked while it is open.
import { useEffect, useRef } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useModals } from '../../stores/modals.ts';
import { useSession } from '../../stores/session.ts';
import { Button } from '../ui/button.tsx';
import { SoundsToggle } from '../ui/sounds-toggle.tsx';
import { BalanceButton, ProfileLink } from './account.tsx';
import { CashbackLink } from './cashback-link.tsx';
import { infoLinks, menuLinks } from './nav-links.ts';

/** Class set on <body> while scrolling is locked. */
export const SCROLL_LOCK_CLASS = 'scroll-locked';

/** The mobile menu. */
export function MobileMenu({ onClose }: { onClose(): void }) {
  const user = useSession((s) => s.user);
  const show = useModals((s) => s.show);
  const { pathname } = useLocation();
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    document.body.classList.add(SCROLL_LOCK_CLASS);
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => {
      document.body.classList.remove(SCROLL_LOCK_CLASS);
      document.removeEventListener('keydown', onKey);
    };
  }, [onClose]);

  return (
    <div
      className="mobile-menu"
      id="mobile-menu"
      role="dialog"
      aria-modal="true"
      aria-label="Menu"
      data-testid="mobile-menu"
    >
      <div className="mobile-menu-top">
        <SoundsToggle />
        <button ref={closeRef} type="button" className="icon-btn" onClick={onClose} aria-label="Close menu">
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <div className="profile-card">
        {user ? (
          <>
            <ProfileLink user={user} onNavigate={onClose} />
            <BalanceButton balance={user.balance} testId="menu-balance" />
          </>
        ) : (
          <div className="header-guest">
            <Button variant="outline" onClick={() => (onClose(), show('login', false))}>
              Login
            </Button>
            <Button variant="gradient" onClick={() => (onClose(), show('register', false))}>
              Sign up
            </Button>
          </div>
        )}
      </div>
      {pathname !== '/plinko' && (
        <CashbackLink className="menu-cashback below-lg" testId="menu-cashback" onNavigate={onClose} />
      )}
      <nav aria-label="Menu links">
        <ul className="menu-links">
          {menuLinks.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to} onClick={onClose}>
                {l.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label="Information">
        <ul className="menu-info">
          {infoLinks.map((l) => (
            <li key={l.to}>
              <Link to={l.to} onClick={onClose}>
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
