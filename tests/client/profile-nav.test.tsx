// The profile hub navigation: every hub page in one click from every other, the shown page marked
// with aria-current, and the shared layout route wrapping every /profile child.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { routeObjects } from '../../src/client/app/router.tsx';
import { activeHubLink, ProfileNav, profileHubLinks } from '../../src/client/features/profile/profile-nav.tsx';
import { useModals } from '../../src/client/stores/modals.ts';
import { useSession } from '../../src/client/stores/session.ts';

const slow = { timeout: 8000 };
const kim = {
  id: 3,
  name: 'Kim',
  email: 'k@x.io',
  avatar_url: null,
  balance: 12.3,
  user_level: { level: 14 },
  created_at: '2026-01-01T00:00:00.000Z',
};
const hubPaths = [
  '/profile',
  '/profile/deposit',
  '/profile/withdraw',
  '/profile/inventory',
  '/profile/my-boxes',
  '/profile/delivery',
  '/profile/shipping',
  '/profile/support',
  '/profile/referral',
];

function renderNav(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <ProfileNav />
    </MemoryRouter>,
  );
  return screen.getByRole('navigation', { name: 'Profile' });
}

describe('profile hub navigation', () => {
  it('links the nine spec §2 hub pages, in order', () => {
    expect(profileHubLinks.map((l) => l.to)).toEqual(hubPaths);
    const links = within(renderNav('/profile')).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(hubPaths);
    expect(links.map((a) => a.textContent)).toEqual([
      'Main',
      'Deposits',
      'Withdraw',
      'Inventory',
      'My boxes',
      'Delivery',
      'Shipping',
      'Support',
      'Affiliates',
    ]);
  });

  it.each([
    ['/profile', 'Main'],
    ['/profile/main', 'Main'],
    ['/profile/main/', 'Main'],
    ['/profile/withdraw', 'Withdraw'],
    ['/profile/my-boxes', 'My boxes'],
    ['/profile/support/create', 'Support'],
    ['/profile/referral', 'Affiliates'],
  ])('at %s marks only %s with aria-current="page"', (path, label) => {
    const current = within(renderNav(path))
      .getAllByRole('link')
      .filter((a) => a.getAttribute('aria-current') === 'page');
    expect(current.map((a) => a.textContent)).toEqual([label]);
    expect(current[0]!.classList.contains('active')).toBe(true);
  });

  it('marks nothing outside the hub', () => {
    expect(activeHubLink('/profiles')).toBeUndefined();
    expect(activeHubLink('/boxes')).toBeUndefined();
    expect(activeHubLink('/profile/deposits')).toBeUndefined();
  });
});

describe('profile hub layout route', () => {
  beforeEach(() => {
    useModals.getState().closeAll();
    // The profile answers with the player; the pages' other calls fail (they show their error states).
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).endsWith('/api/profile')
          ? Response.json({ data: kim })
          : Response.json({ message: 'Not found', msg: 'Not found' }, { status: 404 }),
      ),
    );
    useSession.getState().setUser(kim);
  });

  it.each([...hubPaths, '/profile/main', '/profile/support/create'])(
    '%s renders inside the hub layout with its navigation',
    async (path) => {
      const router = createMemoryRouter(routeObjects(), { initialEntries: [path] });
      render(<RouterProvider router={router} />);
      const nav = await screen.findByRole('navigation', { name: 'Profile' }, slow);
      expect(screen.getByTestId('profile-hub').contains(nav)).toBe(true);
      expect(within(nav).getAllByRole('link')).toHaveLength(9);
    },
    20_000,
  );

  it('every hub page is one click from every other; the navigation stays mounted', async () => {
    const router = createMemoryRouter(routeObjects(), { initialEntries: ['/profile/deposit'] });
    render(<RouterProvider router={router} />);
    const nav = await screen.findByRole('navigation', { name: 'Profile' }, slow);
    for (const target of [...hubPaths.slice(2), hubPaths[0]!, hubPaths[1]!]) {
      const link = within(nav)
        .getAllByRole('link')
        .find((a) => a.getAttribute('href') === target)!;
      fireEvent.click(link);
      await waitFor(() => expect(router.state.location.pathname).toBe(target), slow);
      await waitFor(() => expect(link.getAttribute('aria-current')).toBe('page'), slow);
      expect(screen.getByRole('navigation', { name: 'Profile' })).toBe(nav);
    }
  }, 30_000);
});
