// Desktop header (spec §2): logo, Boxes (register modal for guests), Free loot; guests see Sign up
// and Login; players see Deposit (desktop), avatar, name, level badge and balance.
import { Link, NavLink } from 'react-router';
import logo from '../../../../assets/brand/logo-mark.svg';
import { useModals } from '../../stores/modals.ts';
import { useSession } from '../../stores/session.ts';
import { Button } from '../ui/button.tsx';
import { SoundsToggle } from '../ui/sounds-toggle.tsx';
import { BalanceButton, ProfileLink } from './account.tsx';

/** The site header. */
export function Header() {
  const user = useSession((s) => s.user);
  const show = useModals((s) => s.show);
  return (
    <header className="header">
      <Link to="/" className="logo" aria-label="Loot Arcade home">
        <img src={logo} alt="" width={32} height={32} />
        <span>Loot Arcade</span>
      </Link>
      <nav className="header-nav" aria-label="Header">
        {user ? (
          <NavLink to="/boxes">Boxes</NavLink>
        ) : (
          <button type="button" className="link-btn" onClick={() => show('register', false)}>
            Boxes
          </button>
        )}
        <NavLink to="/freeloot">Free loot</NavLink>
      </nav>
      <div className="header-end">
        <SoundsToggle />
        {user ? (
          <div className="header-account" data-testid="header-account">
            <Button variant="gradient" className="desktop-only" onClick={() => show('deposit', true)}>
              Deposit
            </Button>
            <BalanceButton balance={user.balance} />
            <ProfileLink user={user} />
          </div>
        ) : (
          <div className="header-guest">
            <Button variant="outline" onClick={() => show('login', false)}>
              Login
            </Button>
            <Button variant="gradient" onClick={() => show('register', false)}>
              Sign up
            </Button>
          </div>
        )}
      </div>
    </header>
  );
}
