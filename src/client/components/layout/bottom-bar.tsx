// Mobile bottom bar (spec §2 Mobile): menu toggle; Games sub-menu with a Back button; the
// central round button (deposit with the balance when signed in, login otherwise); Boxes; Chat
// (the chat sheet, with the unread count); Profile (login modal for guests).
import { useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { formatAmount } from '../../lib/format.ts';
import { useModals } from '../../stores/modals.ts';
import { useSession } from '../../stores/session.ts';
import { gameLinks } from './nav-links.ts';
import { ChatBarButton } from '../../features/chat/chat-panel.tsx';

/** A bar item's 22 px icon, drawn in the text colour. */
function BarIcon({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      {children}
    </svg>
  );
}

const profileIcon = (
  <BarIcon>
    <circle cx="12" cy="8" r="4" fill="currentColor" />
    <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7z" fill="currentColor" />
  </BarIcon>
);

/** The mobile bottom bar. */
export function BottomBar({ menuOpen, onToggleMenu }: { menuOpen: boolean; onToggleMenu(): void }) {
  const user = useSession((s) => s.user);
  const show = useModals((s) => s.show);
  const [games, setGames] = useState(false);

  if (games) {
    return (
      <nav className="bottom-bar bottom-games" aria-label="Games menu">
        <button type="button" className="bottom-item" onClick={() => setGames(false)}>
          <span aria-hidden="true">‹</span> Back
        </button>
        {gameLinks.map((l) => (
          <NavLink key={l.to} to={l.to} className="bottom-item" onClick={() => setGames(false)}>
            {l.label}
          </NavLink>
        ))}
      </nav>
    );
  }
  return (
    <nav className="bottom-bar" aria-label="Mobile">
      <button
        type="button"
        className="bottom-item"
        onClick={onToggleMenu}
        aria-expanded={menuOpen}
        aria-controls="mobile-menu"
      >
        <BarIcon>
          <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </BarIcon>
        Menu
      </button>
      <button type="button" className="bottom-item" onClick={() => setGames(true)} aria-haspopup="true">
        <BarIcon>
          <rect x="3" y="7" width="18" height="11" rx="5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M8 10v5M5.5 12.5h5" stroke="currentColor" strokeWidth="2" />
          <circle cx="16" cy="11.5" r="1.3" fill="currentColor" />
          <circle cx="18" cy="14" r="1.3" fill="currentColor" />
        </BarIcon>
        Games
      </button>
      {user ? (
        <button
          type="button"
          className="bottom-center"
          onClick={() => show('deposit', true)}
          data-testid="bottom-deposit"
          aria-label={`Deposit, balance $${formatAmount(user.balance)}`}
        >
          <span className="bottom-center-plus" aria-hidden="true">
            +
          </span>
          <span className="bottom-center-amount">${formatAmount(user.balance)}</span>
        </button>
      ) : (
        <button type="button" className="bottom-center" onClick={() => show('login', false)} data-testid="bottom-login">
          Login
        </button>
      )}
      <NavLink to="/boxes" className="bottom-item">
        <BarIcon>
          <path d="M3 8h18v12H3zM2 5h20v4H2zM11 5h2v15h-2z" fill="currentColor" />
        </BarIcon>
        Boxes
      </NavLink>
      <ChatBarButton />
      {user ? (
        <Link to="/profile" className="bottom-item">
          {profileIcon}
          Profile
        </Link>
      ) : (
        <button type="button" className="bottom-item" onClick={() => show('login', false)}>
          {profileIcon}
          Profile
        </button>
      )}
    </nav>
  );
}
