// Login-only routes send a guest to / with the login modal; ?modal=register opens the auth modal;
// the auth modal shows the §5 messages on blur.
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Lazy page and modal chunks load slowly on a busy 2-core machine: wait generously.
const slow = { timeout: 8000 };
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routeObjects } from '../../src/client/app/router.tsx';
import { useModals } from '../../src/client/stores/modals.ts';
import { useSession } from '../../src/client/stores/session.ts';
import { deleteCookie } from '../../src/client/lib/cookies.ts';

describe('auth guard and auth modal', () => {
  beforeEach(() => {
    deleteCookie('token');
    useSession.getState().clear();
    useModals.getState().closeAll();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 404 })),
    );
  });

  it.each(['/profile', '/profile/main', '/battles/create', '/custom-boxes/create', '/freeloot'])(
    'a guest at %s goes to / with the login modal open',
    async (path) => {
      const router = createMemoryRouter(routeObjects(), { initialEntries: [path] });
      render(<RouterProvider router={router} />);
      await waitFor(() => expect(router.state.location.pathname).toBe('/'), slow);
      expect(useModals.getState()).toMatchObject({ open: 'auth', authTab: 'login' });
      expect(await screen.findByRole('dialog', { name: 'Login' }, slow)).toBeTruthy();
    },
    20_000,
  );

  it('a signed-in player sees the profile page', async () => {
    useSession.getState().setUser({
      id: 3,
      name: 'Kim',
      email: 'k@x.io',
      avatar_url: null,
      balance: 12.3,
      user_level: { level: 14 },
      created_at: '2026-01-01T00:00:00.000Z',
    });
    const router = createMemoryRouter(routeObjects(), { initialEntries: ['/profile'] });
    render(<RouterProvider router={router} />);
    expect((await screen.findByTestId('profile-balance', {}, slow)).textContent).toBe('$12.30');
    expect(screen.getByTestId('profile-level').textContent).toBe('14');
  }, 20_000);

  it('?modal=register opens Sign Up; blur shows the §5 messages', async () => {
    const router = createMemoryRouter(routeObjects(), { initialEntries: ['/?modal=register'] });
    render(<RouterProvider router={router} />);
    const nickname = await screen.findByLabelText('Nickname', {}, slow);
    expect(screen.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.blur(nickname);
    expect(await screen.findByText('Nickname is required', {}, slow)).toBeTruthy();
    fireEvent.blur(screen.getByLabelText('Email'));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    fireEvent.blur(screen.getByLabelText('Password'));
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(screen.getByText("I'd like to receive valuable promotions via email")).toBeTruthy();
  }, 20_000);
});
