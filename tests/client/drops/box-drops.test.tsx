// A box page's own drops in jsdom (the last-drops URLs are in tests/client/lib/api-calls.test.ts): the
// tiles rendered from the answer, the best toggle re-requesting, and live drops of other boxes ignored.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Drop } from '../../../src/shared/api/boxes.ts';

const live = vi.hoisted(() => ({ listeners: new Set<(d: unknown) => void>() }));
vi.mock('../../../src/client/lib/public-channel.ts', () => ({
  onLastDrop: (l: (d: unknown) => void) => {
    live.listeners.add(l);
    return () => live.listeners.delete(l);
  },
}));

const { BoxDrops, bestDrops } = await import('../../../src/client/features/drops/box-drops.tsx');

function drop(id: number, price: number, slug = 'tiny', source = 'box'): Drop {
  return {
    id,
    source,
    created_at: '2026-11-25T21:05:00.000Z',
    box: { slug, name: 'Tiny Box', img_url: '/img/boxes/tiny.svg' },
    item: { id, name: `Item ${id}`, img_url: `/img/products/${id}.svg`, rarity: 'common', price, sale_price: null },
    user: { id: 100 + id, name: `P${id}`, avatar_url: null },
  } as Drop;
}

/** fetch answering every last-drops URL with `answer(url)`; returns the URLs asked. */
function mockFetch(answer: (url: string) => Drop[]) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify({ data: answer(url) }), { status: 200 });
    }),
  );
  return urls;
}

const prices = () => screen.getAllByTestId('drop-price').map((e) => e.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  live.listeners.clear();
});

describe('box drops', () => {
  it('shows the latest drops, and the best ones by price after the toggle', async () => {
    const urls = mockFetch((url) => (url.includes('best=1') ? [drop(2, 500), drop(1, 5)] : [drop(3, 1), drop(2, 500)]));
    await act(async () => render(<BoxDrops slug="tiny" />, { wrapper: MemoryRouter }));
    await waitFor(() => expect(prices()).toEqual(['$1.00', '$500.00']));
    expect(screen.getByRole('heading', { name: 'Latest drops' })).toBeTruthy();
    const toggle = screen.getByTestId('box-drops-best');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(urls).toEqual(['/api/boxes/tiny/last-drops?limit=20']);

    await act(async () => fireEvent.click(toggle));
    await waitFor(() => expect(prices()).toEqual(['$500.00', '$5.00']));
    expect(screen.getByRole('heading', { name: 'Best drops' })).toBeTruthy();
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(urls.at(-1)).toBe('/api/boxes/tiny/last-drops?limit=20&best=1');
  });

  it('asks the user-box API for a custom box and says when there are none', async () => {
    const urls = mockFetch(() => []);
    await act(async () => render(<BoxDrops slug="mine" kind="user" />, { wrapper: MemoryRouter }));
    expect(await screen.findByText('No one has opened this box yet.')).toBeTruthy();
    expect(urls).toEqual(['/api/user-boxes/mine/last-drops?limit=20']);
  });

  it("adds this box's live drops after 3 s (sorted in best mode) and ignores other boxes' drops", async () => {
    mockFetch(() => [drop(2, 500), drop(1, 5)]);
    await act(async () => render(<BoxDrops slug="tiny" limit={2} />, { wrapper: MemoryRouter }));
    await waitFor(() => expect(prices()).toEqual(['$500.00', '$5.00']));
    await act(async () => fireEvent.click(screen.getByTestId('box-drops-best')));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Best drops' })).toBeTruthy());
    await waitFor(() => expect(live.listeners.size).toBe(1));
    vi.useFakeTimers();
    act(() => {
      for (const l of live.listeners) {
        l(drop(7, 900, 'other')); // another box
        l(drop(8, 50)); // this box: beats $5, not $500
      }
    });
    expect(prices()).toEqual(['$500.00', '$5.00']); // not before 3 s
    act(() => vi.advanceTimersByTime(3000));
    expect(prices()).toEqual(['$500.00', '$50.00']);
  });

  it('orders best drops by item price descending and cuts them to the limit', () => {
    expect(bestDrops([drop(1, 5), drop(2, 50), drop(3, 20)], 2).map((d) => d.id)).toEqual([2, 3]);
  });
});
