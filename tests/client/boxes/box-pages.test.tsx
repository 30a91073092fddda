// Box page and address form in jsdom: the page's own 404 check, odds shown, and the form's spec §5 messages.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routeObjects } from '../../../src/client/app/router.tsx';
import { AddressFields, useAddressForm } from '../../../src/client/features/delivery/address-form.tsx';
import { formatChance, formatDollars } from '../../../src/client/lib/format.ts';

const box = {
  id: 1,
  slug: 'tiny',
  name: 'Tiny Box',
  type: 'mixed',
  url: '/mixed/tiny',
  img_url: '/img/boxes/tiny.svg',
  price: 10.8,
  items_count: 2,
  openings: 0,
  version: 1,
  version_id: 1,
  expected_value: 10,
  sell_back_value: 9,
  house_edge: 8,
  total_tickets: 100_000,
  items: [
    {
      id: 1,
      slug: 'a',
      name: 'Alpha Cap',
      category: 'accessories',
      rarity: 'common',
      img_url: '/img/products/a.svg',
      price: 5,
      sale_price: 4.5,
      sizes: [],
      tickets: 99_999,
      ticket_from: 1,
      ticket_to: 99_999,
      chance: 99.999,
    },
    {
      id: 2,
      slug: 'b',
      name: 'Beta Phone',
      category: 'electronics',
      rarity: 'legendary',
      img_url: '/img/products/b.svg',
      price: 5_000,
      sale_price: 4_500,
      sizes: [],
      tickets: 1,
      ticket_from: 100_000,
      ticket_to: 100_000,
      chance: 0.001,
    },
  ],
};

function mockFetch(routes: Record<string, [number, unknown]>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const [status, body] = routes[url] ?? [404, { message: 'Box not found.', msg: 'Box not found.' }];
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

async function renderAt(path: string) {
  const router = createMemoryRouter(routeObjects(), { initialEntries: [path] });
  await act(async () => render(<RouterProvider router={router} />));
}

afterEach(() => vi.unstubAllGlobals());

/** The first render loads lazy route modules: seconds on a cold, busy machine. */
const slow = { timeout: 15_000 };

describe('box page', () => {
  it('shows every item with its chance, EV and sell-back value, with the opening controls', async () => {
    mockFetch({ '/api/boxes/tiny': [200, { data: box }] });
    await renderAt('/mixed/tiny');
    expect(await screen.findByRole('heading', { name: 'Tiny Box' }, slow)).toBeTruthy();
    expect(screen.getAllByTestId('box-item')).toHaveLength(2);
    expect(screen.getAllByTestId('item-chance').map((e) => e.textContent)).toEqual(['99.999%', '0.001%']);
    expect(screen.getByTestId('box-ev').textContent).toBe('$10.00');
    expect(screen.getByTestId('box-sellback').textContent).toBe('$9.00');
    // role queries within the lazily loaded opener, found by test id: over the whole page each try of
    // a findByRole computes every element's accessible name, seconds a try on a busy machine
    const opener = within(await screen.findByTestId('box-opener', {}, slow));
    expect((opener.getByRole('button', { name: /Open for \$10\.80/ }) as HTMLButtonElement).disabled).toBe(false);
    expect(opener.getByRole('button', { name: 'Try for free' })).toBeTruthy();
    expect(opener.getAllByRole('button', { name: /^×[1-5]$/ })).toHaveLength(5);
    // this box's own drops, not only the global strip
    expect(screen.getByTestId('box-drops')).toBeTruthy();
    expect(vi.mocked(fetch).mock.calls.map((c) => c[0])).toContain('/api/boxes/tiny/last-drops?limit=20');
  });

  it.each(['/boxes/missing', '/mixed/missing', '/gaming/tiny'])('shows "Page Not Found" for %s', async (path) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ '/api/boxes/tiny': [200, { data: box }] });
    await renderAt(path);
    expect(await screen.findByText('Page Not Found', {}, slow)).toBeTruthy();
  });
});

function Form({ onValid }: { onValid: (v: unknown) => void }) {
  const form = useAddressForm();
  return (
    <form onSubmit={form.handleSubmit(onValid)}>
      <AddressFields form={form} />
      <button type="submit">Send</button>
    </form>
  );
}

describe('address form', () => {
  it('shows exactly the spec §5 messages and validates on blur', async () => {
    const onValid = vi.fn();
    render(<Form onValid={onValid} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(9));
    const texts = screen.getAllByRole('alert').map((e) => e.textContent);
    expect(texts).toEqual([
      'first name is a required field',
      'last name is a required field',
      'email is a required field',
      'phone is a required field',
      'country is a required field',
      'state is a required field',
      'city is a required field',
      'postal code is a required field',
      'street is a required field',
    ]);
    const email = screen.getByLabelText('Email');
    fireEvent.change(email, { target: { value: 'nope' } });
    fireEvent.blur(email);
    expect(await screen.findByText('email must be a valid email')).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();
  });
});

describe('format', () => {
  it('shows dollars en-US with 2 decimals and chances with up to 3', () => {
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatChance(12.5)).toBe('12.5%');
    expect(formatChance(0.001)).toBe('0.001%');
  });
});
