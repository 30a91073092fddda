// Email verification in the client: the mailed link's landing page posts its token once and shows
// the answer; the profile asks an unverified player to verify and can send the link again.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routeObjects } from '../../src/client/app/router.tsx';
import { useSession } from '../../src/client/stores/session.ts';
import { deleteCookie } from '../../src/client/lib/cookies.ts';

const slow = { timeout: 8000 };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('email verification', () => {
  let calls: { url: string; method: string; body: string | null }[];
  beforeEach(() => {
    deleteCookie('token');
    useSession.getState().clear();
    calls = [];
  });
  const serve = (answer: (url: string) => Response) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url, method: init?.method ?? 'GET', body: (init?.body as string) ?? null });
        return answer(url);
      }),
    );

  it('the landing page posts the token once and shows the answer', async () => {
    serve((url) =>
      url === '/api/auth/verify-email' ? json(200, { msg: 'Your email address has been verified.' }) : json(404, {}),
    );
    const router = createMemoryRouter(routeObjects(), { initialEntries: ['/verify-email?token=1.2.abc'] });
    render(<RouterProvider router={router} />);
    expect((await screen.findByRole('status', {}, slow)).textContent).toBe('Your email address has been verified.');
    const posts = calls.filter((c) => c.url === '/api/auth/verify-email');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0]!.body!)).toEqual({ token: '1.2.abc' });
  }, 20_000);

  it('a bad link shows the server message', async () => {
    serve(() =>
      json(422, {
        message: 'This verification link is invalid or has expired.',
        msg: 'This verification link is invalid or has expired.',
      }),
    );
    const router = createMemoryRouter(routeObjects(), { initialEntries: ['/verify-email?token=x'] });
    render(<RouterProvider router={router} />);
    expect((await screen.findByRole('status', {}, slow)).textContent).toBe(
      'This verification link is invalid or has expired.',
    );
  }, 20_000);

  it('the profile shows the notice to an unverified player and sends the link again', async () => {
    const user = {
      id: 3,
      name: 'Kim',
      email: 'k@x.io',
      email_verified: false,
      avatar_url: null,
      balance: 1,
      user_level: { level: 1 },
      created_at: '2026-01-01T00:00:00.000Z',
    };
    serve((url) =>
      url === '/api/profile/verify-email'
        ? json(200, { msg: 'We have sent a verification link to your email address.' })
        : url === '/api/profile'
          ? json(200, { data: user })
          : json(404, {}),
    );
    useSession.getState().setUser(user);
    const router = createMemoryRouter(routeObjects(), { initialEntries: ['/profile'] });
    render(<RouterProvider router={router} />);
    await screen.findByTestId('email-verify-notice', {}, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/profile/verify-email' && c.method === 'POST')).toBe(true),
    );
    expect(await screen.findByText('We have sent a verification link to your email address.', {}, slow)).toBeTruthy();
  }, 20_000);

  it('a verified player sees no notice', async () => {
    const user = {
      id: 4,
      name: 'Lee',
      email: 'l@x.io',
      email_verified: true,
      avatar_url: null,
      balance: 1,
      user_level: { level: 1 },
      created_at: '2026-01-01T00:00:00.000Z',
    };
    serve((url) => (url === '/api/profile' ? json(200, { data: user }) : json(404, {})));
    useSession.getState().setUser(user);
    const router = createMemoryRouter(routeObjects(), { initialEntries: ['/profile'] });
    render(<RouterProvider router={router} />);
    await screen.findByTestId('profile-name', {}, slow);
    expect(screen.queryByTestId('email-verify-notice')).toBeNull();
  }, 20_000);
});
