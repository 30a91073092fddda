// Mobile frame in jsdom: bottom bar (central button, Profile for guests, Games sub-menu), the
// full-screen menu (profile card balance → deposit, cashback link not on /plinko, scroll lock),
// page-view analytics on route change, and toasts closing after 2000 ms.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { BottomBar } from '../../src/client/components/layout/bottom-bar.tsx';
import { MobileMenu, SCROLL_LOCK_CLASS } from '../../src/client/components/layout/mobile-menu.tsx';
import { menuLinks } from '../../src/client/components/layout/nav-links.ts';
import { usePageViews } from '../../src/client/components/layout/route-effects.ts';
import { Toaster, toast, TOAST_MS } from '../../src/client/components/ui/toaster.tsx';
import type { Analytics } from '../../src/client/lib/analytics.ts';
import { useModals } from '../../src/client/stores/modals.ts';
import { useSession } from '../../src/client/stores/session.ts';

const player = {
  id: 7,
  name: 'Ann',
  email: 'a@x.io',
  avatar_url: '/a.png',
  balance: 12.3,
  user_level: { level: 4 },
  created_at: '2026-01-01T00:00:00.000Z',
};

beforeEach(() => {
  useSession.getState().clear();
  useModals.setState({ open: null, authTab: 'register' });
});

describe('BottomBar', () => {
  const bar = () =>
    render(
      <MemoryRouter>
        <BottomBar menuOpen={false} onToggleMenu={() => undefined} />
      </MemoryRouter>,
    );

  it('for a guest: the central button and Profile open login', () => {
    bar();
    fireEvent.click(screen.getByTestId('bottom-login'));
    expect(useModals.getState()).toMatchObject({ open: 'auth', authTab: 'login' });
    useModals.getState().closeAll();
    fireEvent.click(screen.getByRole('button', { name: 'Profile' }));
    expect(useModals.getState()).toMatchObject({ open: 'auth', authTab: 'login' });
  });

  it('for a player: the central button shows the balance and opens deposit; Profile links to /profile', () => {
    useSession.getState().setUser(player);
    bar();
    const center = screen.getByTestId('bottom-deposit');
    expect(center.textContent).toContain('$12.30');
    fireEvent.click(center);
    expect(useModals.getState().open).toBe('deposit');
    expect(screen.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
  });

  it('the Games sub-menu lists the five games and Back returns to the bar', () => {
    bar();
    fireEvent.click(screen.getByRole('button', { name: 'Games' }));
    const games = screen.getByRole('navigation', { name: 'Games menu' });
    expect([...games.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/battles',
      '/upgrade',
      '/rocket',
      '/wheel',
      '/bounce',
    ]);
    fireEvent.click(screen.getByRole('button', { name: /Back/ }));
    expect(screen.getByRole('navigation', { name: 'Mobile' })).toBeTruthy();
  });
});

describe('MobileMenu', () => {
  const menu = (path: string, onClose = vi.fn()) =>
    render(
      <MemoryRouter initialEntries={[path]}>
        <MobileMenu onClose={onClose} />
      </MemoryRouter>,
    );

  it('has the 11 main links, locks body scrolling while open and closes on its button', () => {
    expect(menuLinks).toHaveLength(11);
    const onClose = vi.fn();
    const { unmount } = menu('/', onClose);
    expect(screen.getAllByRole('link').filter((a) => a.closest('[aria-label="Menu links"]'))).toHaveLength(11);
    expect(document.body.classList.contains(SCROLL_LOCK_CLASS)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(onClose).toHaveBeenCalled();
    unmount();
    expect(document.body.classList.contains(SCROLL_LOCK_CLASS)).toBe(false);
  });

  it('the profile card balance opens deposit; the cashback link shows except on /plinko', () => {
    useSession.getState().setUser(player);
    const { unmount } = menu('/');
    fireEvent.click(screen.getByTestId('menu-balance'));
    expect(useModals.getState().open).toBe('deposit');
    expect(screen.getByTestId('menu-cashback').textContent).toContain('Until cashback');
    expect(screen.getByTestId('level-badge')).toBeTruthy();
    unmount();
    menu('/plinko');
    expect(screen.queryByTestId('menu-cashback')).toBeNull();
  });
});

describe('page views', () => {
  it('sends one page view per route change with path and title', async () => {
    const views: [string, string][] = [];
    const analytics: Analytics = { pageView: (p, t) => views.push([p, t]) };
    const source = () => Promise.resolve(analytics);
    function Probe() {
      usePageViews(source);
      return null;
    }
    const router = createMemoryRouter(
      [
        { path: '/', element: <Probe />, handle: { title: 'Home' } },
        { path: '/faq', element: <Probe />, handle: { title: 'FAQ' } },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    await vi.waitFor(() => expect(views).toEqual([['/', 'Home']]), { timeout: 5000 });
    await act(() => router.navigate('/faq?a=1'));
    await vi.waitFor(
      () =>
        expect(views).toEqual([
          ['/', 'Home'],
          ['/faq?a=1', 'FAQ'],
        ]),
      { timeout: 5000 },
    );
  });
});

describe('toasts', () => {
  it('show a message and close it after 2000 ms', async () => {
    expect(TOAST_MS).toBe(2000);
    render(<Toaster />);
    act(() => void toast.success('Promo code accepted'));
    expect(await screen.findByText('Promo code accepted')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 1500));
    expect(screen.queryByText('Promo code accepted')).not.toBeNull(); // still shown before 2000 ms
    await vi.waitFor(() => expect(screen.queryByText('Promo code accepted')).toBeNull(), {
      timeout: 4000,
      interval: 100,
    });
  });
});
