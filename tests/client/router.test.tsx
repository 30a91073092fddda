// The route table covers every route of spec §2; unknown paths render the 404 text.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, matchRoutes } from 'react-router';
import { routeObjects } from '../../src/client/app/router.tsx';
import { routeTable } from '../../src/client/app/route-table.ts';
import ComingSoonPage from '../../src/client/features/pages/coming-soon-page.tsx';

const specPaths = [
  '/',
  '/index-old-winter',
  '/boxes',
  '/fashion/street-box',
  '/boxes/street-box',
  '/custom-boxes',
  '/custom-boxes/all',
  '/custom-boxes/create',
  '/battles',
  '/battles/12',
  '/battles/create',
  '/upgrade',
  '/rocket',
  '/rocket/provably-fair',
  '/crash',
  '/wheel',
  '/wheel/provably-fair',
  '/bounce',
  '/bounce/provably-fair',
  '/plinko',
  '/dice',
  '/dice/provably-fair',
  '/freeloot',
  '/cashback',
  '/leaderboard',
  '/partnership',
  '/faq',
  '/how-it-works',
  '/contacts',
  '/provably-fair',
  '/aml-policy',
  '/cookie-policy',
  '/privacy-statement',
  '/terms-of-service',
  '/auth/google',
  '/ref/abc',
  '/reset-password',
  '/profile',
  '/profile/main',
  '/profile/deposit',
  '/profile/withdraw',
  '/profile/inventory',
  '/profile/my-boxes',
  '/profile/delivery',
  '/profile/shipping',
  '/profile/support',
  '/profile/support/create',
  '/profile/referral',
];

describe('route table', () => {
  it.each(specPaths)('%s matches a route of its own (not the catch-all)', (path) => {
    const matches = matchRoutes(routeObjects(), path);
    expect(matches?.at(-1)?.route.path).not.toBe('*');
  });

  it('sends /boxes/create to the box page pattern but /battles/create to its own page', () => {
    expect(matchRoutes(routeObjects(), '/battles/create')?.at(-1)?.route.path).toBe('/battles/create');
    expect(matchRoutes(routeObjects(), '/custom-boxes/create')?.at(-1)?.route.path).toBe('/custom-boxes/create');
  });

  it('marks the login-only routes of spec §5', () => {
    const auth = routeTable.filter((r) => r.auth).map((r) => r.path);
    expect(auth).toEqual(expect.arrayContaining(['/profile', '/custom-boxes/create', '/battles/create', '/freeloot']));
    expect(auth).not.toContain('/boxes');
  });

  it('marks the game pages that use the black full-width layout', () => {
    const games = routeTable.filter((r) => r.game).map((r) => r.path);
    expect(games.sort()).toEqual(['/bounce', '/crash', '/plinko', '/rocket', '/wheel']);
  });

  it('renders "Page not found: {path}" for an unknown path', async () => {
    const router = createMemoryRouter(routeObjects(), { initialEntries: ['/nope-here'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Page not found: /nope-here')).toBeTruthy();
  });

  it('renders a coming-soon page titled after the route', async () => {
    const routes = [{ path: '/soon', element: <ComingSoonPage />, handle: { title: 'Somewhere new' } }];
    const router = createMemoryRouter(routes, { initialEntries: ['/soon'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Somewhere new' })).toBeTruthy();
    expect(screen.getByTestId('coming-soon').textContent).toMatch(/Coming soon/);
  });
});
