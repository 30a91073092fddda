// Spec §8: a route declaring a check name that does not exist fails with "Unknown route middleware";
// the known checks (auth, social-auth) guard their routes.
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { routeCheck, UnknownRouteCheckError } from '../../src/client/app/route-checks.tsx';
import { RouteError } from '../../src/client/app/route-error.tsx';
import { RequireAuth } from '../../src/client/app/require-auth.tsx';

function guarded(name: string): RouteObject[] {
  const Guard = routeCheck(name);
  return [
    {
      path: '/auth/:provider',
      element: <Guard />,
      errorElement: <RouteError />,
      children: [{ index: true, element: <p>page content</p> }],
    },
  ];
}

describe('route checks', () => {
  it('a route declaring an unknown check shows "Unknown route middleware" and not the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const router = createMemoryRouter(guarded('no-such-check'), { initialEntries: ['/auth/google'] });
    render(<RouterProvider router={router} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Unknown route middleware');
    expect(screen.queryByText('page content')).toBeNull();
    vi.restoreAllMocks();
  });

  it('the unknown check throws the exact §8 message', () => {
    const Guard = routeCheck('nope') as () => null;
    expect(() => Guard()).toThrow(new UnknownRouteCheckError('nope'));
    expect(() => Guard()).toThrow(/^Unknown route middleware$/);
    // Object prototype names are not checks either.
    expect(() => (routeCheck('toString') as () => null)()).toThrow('Unknown route middleware');
  });

  it('the known checks exist: auth is the login guard; social-auth lets a known provider through', async () => {
    expect(routeCheck('auth')).toBe(RequireAuth);
    const router = createMemoryRouter(guarded('social-auth'), { initialEntries: ['/auth/google'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('page content')).toBeTruthy();
  });

  it('social-auth shows the not-found text for an unknown provider', async () => {
    const router = createMemoryRouter(guarded('social-auth'), { initialEntries: ['/auth/myspace'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    expect(screen.queryByText('page content')).toBeNull();
  });
});
