// The frame in jsdom: header for guests and players, Back to Battle with a store fixture, the
// ?modal= query on load and on route change, the bonus schedule, analytics and formatting.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Header } from '../../src/client/components/layout/header.tsx';
import { BackToBattle } from '../../src/client/components/layout/back-to-battle.tsx';
import { modalFromSearch, useModalQuery } from '../../src/client/components/layout/route-effects.ts';
import { BONUS_DELAY_MS, BONUS_SEEN_KEY, scheduleBonus } from '../../src/client/features/bonus/bonus-schedule.ts';
import { createAnalytics, noAnalytics } from '../../src/client/lib/analytics.ts';
import { formatAmount, formatDateTime, formatNumber, formatDollars } from '../../src/client/lib/format.ts';
import { useActiveBattle } from '../../src/client/stores/active-battle.ts';
import { useModals } from '../../src/client/stores/modals.ts';
import { useSession } from '../../src/client/stores/session.ts';

const player = {
  id: 7,
  name: 'Ann',
  email: 'a@x.io',
  avatar_url: null,
  balance: 1234.5,
  user_level: { level: 23 },
  created_at: '2026-01-01T00:00:00.000Z',
};

beforeEach(() => {
  useSession.getState().clear();
  useModals.setState({ open: null, authTab: 'register' });
  useActiveBattle.getState().clear();
  document.cookie = 'token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('Header', () => {
  it('guests see Sign up and Login; Boxes opens the register modal', () => {
    render(
      <MemoryRouter>
        <Header />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('header-account')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Boxes' }));
    expect(useModals.getState()).toMatchObject({ open: 'auth', authTab: 'register' });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(useModals.getState()).toMatchObject({ open: 'auth', authTab: 'login' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(useModals.getState().authTab).toBe('register');
    expect(screen.getByRole('link', { name: 'Free loot' }).getAttribute('href')).toBe('/freeloot');
  });

  it('players see Deposit, avatar, name, level badge and a 2-decimal balance that opens deposit', () => {
    useSession.getState().setUser(player);
    render(
      <MemoryRouter>
        <Header />
      </MemoryRouter>,
    );
    const account = screen.getByTestId('header-account');
    expect(screen.getByTestId('header-balance').textContent).toBe('$1,234.50');
    expect(screen.getByTestId('level-badge').getAttribute('data-tier')).toBe('20');
    const profile = screen.getByRole('link', { name: /Ann/ });
    expect(profile.getAttribute('href')).toBe('/profile');
    expect(account.contains(profile)).toBe(true);
    expect(screen.getByRole('img', { name: "Ann's avatar" })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Boxes' }).getAttribute('href')).toBe('/boxes');
    fireEvent.click(screen.getByTestId('header-balance'));
    expect(useModals.getState().open).toBe('deposit');
    useModals.getState().closeAll();
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(useModals.getState().open).toBe('deposit');
  });
});

describe('Back to Battle', () => {
  const at = (path: string) =>
    render(
      <MemoryRouter initialEntries={[path]}>
        <BackToBattle />
      </MemoryRouter>,
    );

  it('is hidden without an active battle', () => {
    at('/');
    expect(screen.queryByTestId('back-to-battle')).toBeNull();
  });

  it('links to /battles/{id} when the player is elsewhere, and hides on that battle page', () => {
    useActiveBattle.getState().setBattle(42);
    const { unmount } = at('/rocket');
    expect(screen.getByRole('link', { name: 'Back to Battle' }).getAttribute('href')).toBe('/battles/42');
    unmount();
    at('/battles/42');
    expect(screen.queryByTestId('back-to-battle')).toBeNull();
  });

  it('disappears when the battle ends (store cleared)', () => {
    useActiveBattle.getState().setBattle(5);
    at('/');
    expect(screen.getByTestId('back-to-battle')).toBeTruthy();
    act(() => useActiveBattle.getState().clear());
    expect(screen.queryByTestId('back-to-battle')).toBeNull();
  });
});

describe('?modal= query', () => {
  function Probe() {
    useModalQuery();
    return null;
  }
  const routes: RouteObject[] = [{ path: '*', element: <Probe /> }];

  it('reads only deposit, login and register', () => {
    expect(modalFromSearch('?modal=login&x=1')).toBe('login');
    expect(modalFromSearch('?modal=deposit&promocode=case35&amount=50')).toBe('deposit');
    expect(modalFromSearch('?modal=bonus')).toBeNull();
    expect(modalFromSearch('')).toBeNull();
  });

  it('opens on load and again on a later route change carrying ?modal=', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/?modal=login'] });
    render(<RouterProvider router={router} />);
    expect(useModals.getState()).toMatchObject({ open: 'auth', authTab: 'login' });
    act(() => useModals.getState().closeAll());
    await act(() => router.navigate('/faq'));
    expect(useModals.getState().open).toBeNull();
    await act(() => router.navigate('/boxes?modal=register'));
    expect(useModals.getState()).toMatchObject({ open: 'auth', authTab: 'register' });
    act(() => useModals.getState().closeAll());
    await act(() => router.navigate('/boxes?modal=register'));
    expect(useModals.getState().open).toBe('auth'); // every navigation, even to the same URL
  });

  it('deposit: register for a guest, deposit for a player, and waits while the profile loads', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/?modal=deposit&promocode=case35'] });
    const { unmount } = render(<RouterProvider router={router} />);
    expect(useModals.getState()).toMatchObject({ open: 'auth', authTab: 'register' });
    unmount();
    act(() => useModals.getState().closeAll());

    document.cookie = 'token=abc; path=/';
    const router2 = createMemoryRouter(routes, { initialEntries: ['/?modal=deposit'] });
    render(<RouterProvider router={router2} />);
    expect(useModals.getState().open).toBeNull(); // profile not loaded yet
    act(() => useSession.getState().setUser(player));
    expect(useModals.getState().open).toBe('deposit');
  });
});

describe('bonus schedule', () => {
  const tz = 'Europe/Berlin';
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('opens after 4000 ms, then not again the same local day, again the next day', () => {
    const open = vi.fn();
    let now = Date.parse('2026-11-25T10:00:00Z');
    scheduleBonus({ open, otherOpen: () => false, timeZone: tz, now: () => now });
    vi.advanceTimersByTime(BONUS_DELAY_MS - 1);
    expect(open).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(open).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(BONUS_SEEN_KEY)).toBe('2026-11-25');

    now = Date.parse('2026-11-25T22:59:00Z'); // 23:59 Berlin, same day
    scheduleBonus({ open, otherOpen: () => false, timeZone: tz, now: () => now });
    vi.advanceTimersByTime(BONUS_DELAY_MS);
    expect(open).toHaveBeenCalledTimes(1);

    now = Date.parse('2026-11-25T23:00:00Z'); // 00:00 Berlin, next day
    scheduleBonus({ open, otherOpen: () => false, timeZone: tz, now: () => now });
    vi.advanceTimersByTime(BONUS_DELAY_MS);
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('stays away while another dialog is open, and can be cancelled', () => {
    const open = vi.fn();
    scheduleBonus({ open, otherOpen: () => true, timeZone: tz });
    vi.advanceTimersByTime(BONUS_DELAY_MS);
    expect(open).not.toHaveBeenCalled();
    expect(localStorage.getItem(BONUS_SEEN_KEY)).toBeNull();
    const cancel = scheduleBonus({ open, otherOpen: () => false, timeZone: tz });
    cancel();
    vi.advanceTimersByTime(BONUS_DELAY_MS);
    expect(open).not.toHaveBeenCalled();
  });
});

describe('analytics', () => {
  it('does nothing without a tag-manager id and loads no script', () => {
    const before = document.scripts.length;
    expect(createAnalytics(null)).toBe(noAnalytics);
    createAnalytics(null).pageView('/', 'Home');
    expect(document.scripts.length).toBe(before);
    expect((window as { dataLayer?: unknown[] }).dataLayer).toBeUndefined();
  });

  it('pushes page views to window.dataLayer when an id is configured', () => {
    const win = { document, dataLayer: undefined as unknown[] | undefined } as unknown as Window & {
      dataLayer?: unknown[];
    };
    const a = createAnalytics('GTM-TEST1', win);
    a.pageView('/faq?x=1', 'FAQ');
    expect(win.dataLayer!.at(-1)).toEqual({ event: 'page_view', page_path: '/faq?x=1', page_title: 'FAQ' });
    expect(document.getElementById('gtm-script')?.getAttribute('src')).toContain('id=GTM-TEST1');
  });
});

describe('format', () => {
  it('uses US dollars with 2 decimals, en-US numbers and the German short date and time', () => {
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatAmount(3.149)).toBe('3.15');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatDateTime(Date.parse('2026-11-25T21:05:00Z'), 'Europe/Berlin')).toBe('25.11.26, 22:05');
    // API timestamps (ISO strings) and Dates go through the same German short format
    expect(formatDateTime('2026-11-25T21:05:00.000Z', 'Europe/Berlin')).toBe('25.11.26, 22:05');
    expect(formatDateTime(new Date('2026-01-02T03:04:00Z'), 'UTC')).toBe('02.01.26, 03:04');
    expect(formatDateTime('2026-01-02T03:04:00Z')).toMatch(/^\d\d\.\d\d\.26, \d\d:\d\d$/);
  });
});
