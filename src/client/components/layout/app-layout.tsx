// The frame around every page (spec §2 Layout): header, desktop sidebar, page outlet, chat, footer,
// mobile bottom bar and menu, cashback banner (small screens, not on game pages), Back to
// Battle, modal host and toasts; the rating widget's script when configured. Removes the
// "Loading..." overlay once the first page rendered.
import { useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { startRatingWidget } from '../../lib/rating-widget.ts';
import { bindHowler } from '../../stores/sound.ts';
import { Toaster } from '../ui/toaster.tsx';
import { BackToBattle } from './back-to-battle.tsx';
import { BottomBar } from './bottom-bar.tsx';
import { CashbackLink } from './cashback-link.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { ModalHost } from './modal-host.tsx';
import { useBonusDialog, useModalQuery, usePageViews } from './route-effects.ts';
import { Sidebar } from './sidebar.tsx';
import { SessionRoot } from '../../features/auth/session-root.tsx';
import { DepositReturn } from '../../features/wallet/deposit-return.tsx';
import { ChatDock } from '../../features/chat/chat-panel.tsx';
import './layout.css';

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
  const { pathname } = useLocation();
  const game = matches.some((m) => (m.handle as { game?: boolean } | undefined)?.game);
  const [menu, setMenu] = useState(false);
  const closeMenu = useCallback(() => setMenu(false), []);
  useEffect(() => hideLoadingOverlay(), []);
  useEffect(() => bindHowler(), []);
  useEffect(() => startRatingWidget(), []);
  useEffect(() => setMenu(false), [pathname]);
  useModalQuery();
  usePageViews();
  useBonusDialog();
  return (
    <div className={game ? 'shell shell-game' : 'shell'} data-game={game || undefined}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <div className="shell-body">
        <Sidebar />
        <main className="shell-main" id="main" tabIndex={-1}>
          {!game && <CashbackLink className="cashback-banner below-lg" testId="cashback-banner" />}
          <div className="shell-page">
            <Outlet />
          </div>
          <Footer />
        </main>
        <ChatDock />
      </div>
      <BackToBattle />
      <BottomBar menuOpen={menu} onToggleMenu={() => setMenu(!menu)} />
      {menu && <MobileMenu onClose={closeMenu} />}
      <SessionRoot />
      <DepositReturn />
      <ModalHost />
      <Toaster />
    </div>
  );
}
