// A bet shared into the chat renders as a card from its public replay: game, title, stake → payout at
// its multiplier, the player ("Hidden" when masked), linking to /bets/{game}/{id}; before the replay
// answers (or when it cannot), the game and the bet's number.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ChatBetCard } from '../../src/client/features/chat/chat-bet-card.tsx';

const replay = (player: { id: number; name: string; avatar_url: null; level: number } | null) => ({
  data: {
    game: 'dice',
    id: 42,
    player,
    stake: 5,
    payout: 12.4,
    multiplier: 2.48,
    result: 'win',
    created_at: '2026-11-27T00:00:00.000Z',
    title: 'Dice over 60.00',
  },
});

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async (_url: string) => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const card = () =>
  render(
    <MemoryRouter>
      <ChatBetCard bet={{ game: 'dice', id: 42 }} />
    </MemoryRouter>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('ChatBetCard', () => {
  it('shows the game, title, amounts, multiplier and player, and links to the replay', async () => {
    const fetch = answer(200, replay({ id: 7, name: 'Ada', avatar_url: null, level: 3 }));
    card();
    const link = screen.getByTestId('chat-bet');
    expect(link.getAttribute('href')).toBe('/bets/dice/42');
    await waitFor(() => expect(screen.getByTestId('chat-bet-money').textContent).toBe('$5.00 → $12.40 · ×2.48'));
    expect(link.textContent).toContain('Dice #42');
    expect(link.textContent).toContain('Dice over 60.00');
    expect(link.textContent).toContain('Ada · replay');
    expect(link.getAttribute('data-result')).toBe('win');
    expect(fetch.mock.calls[0]![0]).toBe('/api/bets/dice/42');
  });

  it('names a masked player Hidden; an unknown bet keeps the plain card', async () => {
    answer(200, replay(null));
    const { unmount } = card();
    await waitFor(() => expect(screen.getByTestId('chat-bet').textContent).toContain('Hidden · replay'));
    unmount();
    answer(404, { msg: 'Bet not found.', request_id: 'x' });
    card();
    await waitFor(() => expect(screen.getByTestId('chat-bet').textContent).toBe('Dice #42replay'));
    expect(screen.queryByTestId('chat-bet-money')).toBeNull();
  });
});
