// The create form in jsdom: picking items, the live chance sum and price (the shared quote the
// server saves with), Save enabled only at exactly 100 %, the request body and the redirect.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import CreateBoxPage from '../../../src/client/features/custom-boxes/create-box-page.tsx';
import { quoteCustomBox } from '../../../src/shared/games/boxes/custom-box.quote.ts';

const product = (id: number, name: string, price: number) => ({
  id,
  slug: `p${id}`,
  name,
  category: 'accessories',
  rarity: 'common',
  img_url: `/img/products/p${id}.svg`,
  price,
  sale_price: Math.round(price * 90) / 100,
  sizes: [],
});
const products = [product(1, 'Alpha Cap', 29), product(2, 'Beta Phone', 999)];

function mockApi() {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/products')) return new Response(JSON.stringify({ data: products }), { status: 200 });
      if (url === '/api/user-boxes' && init?.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        return new Response(JSON.stringify({ data: { name: 'My Box', url: '/custom/my-box-abc123' } }), {
          status: 201,
        });
      }
      return new Response('{}', { status: 404 });
    }),
  );
  return posts;
}

afterEach(() => vi.unstubAllGlobals());

describe('create a custom box', () => {
  it('shows the live sum and price, saves only at exactly 100 % and goes to the new box', async () => {
    const posts = mockApi();
    const router = createMemoryRouter(
      [
        { path: '/custom-boxes/create', element: <CreateBoxPage /> },
        { path: '/custom/:slug', element: <p>box page</p> },
      ],
      { initialEntries: ['/custom-boxes/create'] },
    );
    await act(async () => render(<RouterProvider router={router} />));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Alpha Cap' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Beta Phone' }));
    expect(screen.getAllByTestId('picked-item')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Box name'), { target: { value: 'My Box' } });
    fireEvent.change(screen.getByLabelText('Chance of Alpha Cap (%)'), { target: { value: '99' } });
    fireEvent.change(screen.getByLabelText('Chance of Beta Phone (%)'), { target: { value: '0.5' } });
    expect(screen.getByTestId('chance-sum').textContent).toBe('99.5% of 100%');
    expect(screen.getByTestId('quote-problem').textContent).toBe(
      'The chances must add up to exactly 100% (now 99.5%).',
    );
    expect((screen.getByTestId('save-box') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Chance of Beta Phone (%)'), { target: { value: '1' } });
    expect(screen.getByTestId('chance-sum').textContent).toBe('100% of 100%');
    const want = quoteCustomBox([
      { chance: 99, priceCents: 2_900, salePriceCents: 2_610 },
      { chance: 1, priceCents: 99_900, salePriceCents: 89_910 },
    ]);
    expect(screen.getByTestId('quote-price').textContent).toBe(`$${(want.priceCents / 100).toFixed(2)}`);
    expect(want.priceCents).toBe(4_180); // (0.99 × 29 + 0.01 × 999) × 1.08 = 41.796 → up
    fireEvent.click(screen.getByLabelText('Image sneakerhead'));
    fireEvent.click(screen.getByTestId('save-box'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/custom/my-box-abc123'));
    expect(posts).toEqual([
      {
        name: 'My Box',
        img: 'sneakerhead',
        items: [
          { product_id: 1, chance: 99 },
          { product_id: 2, chance: 1 },
        ],
      },
    ]);
  });

  it('fills chances by price so they sum to exactly 100 %', async () => {
    mockApi();
    const router = createMemoryRouter([{ path: '/', element: <CreateBoxPage /> }]);
    await act(async () => render(<RouterProvider router={router} />));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Alpha Cap' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Beta Phone' }));
    fireEvent.click(screen.getByRole('button', { name: 'Fill chances by price' }));
    expect(screen.getByTestId('chance-sum').textContent).toBe('100% of 100%');
    const cheap = Number((screen.getByLabelText('Chance of Alpha Cap (%)') as HTMLInputElement).value);
    expect(cheap).toBeGreaterThan(90); // the cheap item is the likely one
  });
});
