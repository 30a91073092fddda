// The frame around every page: header with navigation and the page outlet. Removes the
// "Loading..." overlay once the first page has rendered.
import { useEffect } from 'react';
import { Link, NavLink, Outlet, useMatches } from 'react-router';
import logo from '../../../../assets/brand/logo-mark.svg';
import { ModalHost } from './modal-host.tsx';
import { SessionRoot } from '../../features/auth/session-root.tsx';

const nav = [
  ['/boxes', 'Boxes'],
  ['/battles', 'Battles'],
  ['/upgrade', 'Upgrade'],
  ['/rocket', 'Rocket'],
  ['/wheel', 'Crazy Wheel'],
  ['/bounce', 'Bounce'],
  ['/dice', 'Dice'],
  ['/freeloot', 'Free loot'],
] as const;

/** Hides the full-screen loading overlay (index.html) once. */
export function hideLoadingOverlay(doc: Document = document): void {
  const el = doc.getElementById('loading');
  if (!el) return;
  el.classList.add('done');
  setTimeout(() => el.remove(), 300);
}

/** The page frame. */
export function AppLayout() {
  const matches = useMatches();
  const game = matches.some((m) => (m.handle as { game?: boolean } | undefined)?.game);
  useEffect(() => hideLoadingOverlay(), []);
  return (
    <div className={game ? 'shell shell-game' : 'shell'}>
      <header className="shell-header">
        <Link to="/" className="logo" aria-label="Loot Arcade home">
          <img src={logo} alt="" width={28} height={28} />
          <span>Loot Arcade</span>
        </Link>
        <nav aria-label="Main">
          {nav.map(([to, label]) => (
            <NavLink key={to} to={to}>
              {label}
            </NavLink>
          ))}
        </nav>
      </header>
      <main className="shell-main">
        <Outlet />
      </main>
      <SessionRoot />
      <ModalHost />
    </div>
  );
}
