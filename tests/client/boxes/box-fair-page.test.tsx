// /boxes/provably-fair and "My openings" in jsdom: the route wins over /boxes/:slug, the page
// recomputes a ticket from pasted seeds with the shared fair code and finds the item in the
// fetched version's ranges, checks the commitment, and the panel's verify links are prefilled.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, MemoryRouter, RouterProvider } from 'react-router';
import { routeObjects } from '../../../src/client/app/router.tsx';
import { BoxOpeningsPanel } from '../../../src/client/features/boxes/box-openings-panel.tsx';
import { useSession } from '../../../src/client/stores/session.ts';
import { hashServerSeed } from '../../../src/shared/fair/index.ts';
import { formatDateTime } from '../../../src/client/lib/format.ts';

const SEED = 'a'.repeat(64); // Stake vector: client "abc", nonce 2 → f0 0.5459779207594693 → ticket 54598
const item = (id: number, name: string, from: number, to: number) => ({
  id,
  slug: `p${id}`,
  name,
  category: 'accessories',
  rarity: 'common',
  img_url: `/img/products/p${id}.svg`,
  price: 1,
  sale_price: 0.9,
  sizes: [],
  tickets: to - from + 1,
  ticket_from: from,
  ticket_to: to,
});
const version = {
  box: { slug: 'tiny', name: 'Tiny Box', img_url: '/img/boxes/tiny.svg', url: '/mixed/tiny' },
  version: 1,
  current: false,
  price: 1,
  expected_value: 1,
  house_edge: 8,
  total_tickets: 100_000,
  created_at: '2026-01-01T00:00:00.000Z',
  items: [
    item(1, 'Alpha Cap', 1, 54_597),
    item(2, 'Beta Tee', 54_598, 54_598),
    item(3, 'Gamma Phone', 54_599, 100_000),
  ],
};

function mockFetch(routes: Record<string, [number, unknown]>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const [status, body] = routes[url] ?? [404, { message: 'Box version not found.', msg: 'Box version not found.' }];
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

async function renderAt(path: string) {
  const router = createMemoryRouter(routeObjects(), { initialEntries: [path] });
  await act(async () => render(<RouterProvider router={router} />));
}

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

const slow = { timeout: 15_000 }; // the first render loads lazy route modules

describe('/boxes/provably-fair', () => {
  it('is its own route, not a box called "provably-fair"', () => {
    expect(matchRoutes(routeObjects(), '/boxes/provably-fair')?.at(-1)?.route.path).toBe('/boxes/provably-fair');
  });

  it('recomputes the ticket from prefilled seeds and shows the item of that version', async () => {
    mockFetch({ '/api/boxes/tiny/versions/1': [200, { data: version }] });
    const q = new URLSearchParams({
      server_seed: SEED,
      server_seed_hash: hashServerSeed(SEED),
      client_seed: 'abc',
      nonce: '2',
      box: 'tiny',
      version: '1',
    });
    await renderAt(`/boxes/provably-fair?${q.toString()}`);
    expect((await screen.findByTestId('box-fair-ticket', {}, slow)).textContent).toBe('54598');
    const won = await screen.findByTestId('box-fair-item', {}, slow);
    expect(won.getAttribute('data-item-id')).toBe('2');
    expect(won.textContent).toContain('Beta Tee');
    expect(screen.getByTestId('commitment').textContent).toBe(
      'The server seed matches the hash shown before the openings.',
    );
    expect(screen.getByText(/an older version/)).toBeTruthy();
  });

  it('with only the hash asks to rotate first; a wrong hash fails the commitment', async () => {
    mockFetch({ '/api/boxes/tiny/versions/1': [200, { data: version }] });
    await renderAt(
      `/boxes/provably-fair?server_seed_hash=${hashServerSeed(SEED)}&client_seed=abc&nonce=2&box=tiny&version=1`,
    );
    expect((await screen.findByTestId('fair-hint', {}, slow)).textContent).toMatch(/rotate your seed pair/);
    expect(screen.queryByTestId('box-fair-ticket')).toBeNull();
    expect(screen.queryByTestId('commitment')).toBeNull();
  });

  it('says so when the version does not exist', async () => {
    mockFetch({});
    await renderAt(
      `/boxes/provably-fair?server_seed=${SEED}&server_seed_hash=${'0'.repeat(64)}&client_seed=abc&nonce=2&box=tiny&version=7`,
    );
    expect((await screen.findByRole('alert', {}, slow)).textContent).toBe('No such box version.');
    expect(screen.getByTestId('commitment').textContent).toBe('The server seed does NOT match this hash.');
    expect(screen.getByTestId('box-fair-ticket').textContent).toBe('54598');
  });
});

describe('My openings panel', () => {
  const opening = (id: number, serverSeed: string | null) => ({
    id,
    box: { slug: 'tiny', name: 'Tiny Box', img_url: '/img/boxes/tiny.svg', url: '/mixed/tiny' },
    version: 1,
    ticket: 54_598,
    item: { id: 2, slug: 'p2', name: 'Beta Tee', img_url: '/img/products/p2.svg', rarity: 'common' },
    price: 1,
    nonce: id,
    client_seed: 'abc',
    server_seed_hash: hashServerSeed(SEED),
    server_seed: serverSeed,
    created_at: '2026-01-01T00:00:00.000Z',
  });

  it('renders nothing for a guest', () => {
    mockFetch({});
    const { container } = render(
      <MemoryRouter>
        <BoxOpeningsPanel slug="tiny" />
      </MemoryRouter>,
    );
    expect(container.innerHTML).toBe('');
  });

  it('lists my openings of the box with prefilled verify links and offers rotation while a seed is hidden', async () => {
    mockFetch({
      '/api/boxes/openings?box=tiny&per_page=10': [
        200,
        { data: [opening(2, null), opening(1, SEED)], meta: { page: 1, per_page: 10, total: 2 } },
      ],
    });
    useSession.setState({ user: { id: 5, name: 'P', avatar_url: null, balance: 10, level: 1 } as never });
    await act(async () =>
      render(
        <MemoryRouter>
          <BoxOpeningsPanel slug="tiny" />
        </MemoryRouter>,
      ),
    );
    const links = (await screen.findAllByTestId('verify-link')).map(
      (a) => new URL(a.getAttribute('href')!, 'http://x'),
    );
    expect(links.map((u) => u.pathname)).toEqual(['/boxes/provably-fair', '/boxes/provably-fair']);
    expect(links.map((u) => u.searchParams.get('server_seed'))).toEqual([null, SEED]);
    expect(
      links.every(
        (u) =>
          u.searchParams.get('box') === 'tiny' &&
          u.searchParams.get('version') === '1' &&
          u.searchParams.get('client_seed') === 'abc',
      ),
    ).toBe(true);
    expect(links.map((u) => u.searchParams.get('nonce'))).toEqual(['2', '1']);
    expect(screen.getByTestId('rotate-seed')).toBeTruthy();
    // "When" in the German short date and short time (spec §9), not en-US "1/1/2026, 12:00:00 AM"
    const when = screen.getAllByTestId('opening-row').map((r) => r.querySelectorAll('td')[5]!.textContent);
    expect(when).toEqual([formatDateTime('2026-01-01T00:00:00.000Z'), formatDateTime('2026-01-01T00:00:00.000Z')]);
    expect(when[0]).toMatch(/^(01\.01\.26|31\.12\.25), \d\d:\d\d$/);
  });
});
