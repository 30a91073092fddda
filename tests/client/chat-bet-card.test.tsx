// A bet shared into the chat renders as a card from the summary the server attached to the message:
// game, title, stake → payout at its multiplier, the player ("Hidden" when masked), linking to
// /bets/{game}/{id}, without any request; a bet without a summary (gone) shows the game, its number
// and the link.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ChatBetCard } from '../../src/client/features/chat/chat-bet-card.tsx';
import type { ChatSharedBet } from '../../src/shared/api/chat.ts';

const summed = (player: ChatSharedBet['player']): ChatSharedBet => ({
  game: 'dice',
  id: 42,
  title: 'Dice over 60.00',
  stake: 5,
  payout: 12.4,
  multiplier: 2.48,
  result: 'win',
  player,
});

const card = (bet: ChatSharedBet) =>
  render(
    <MemoryRouter>
      <ChatBetCard bet={bet} />
    </MemoryRouter>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('ChatBetCard', () => {
  it('shows the game, title, amounts, multiplier and player from the message, and links to the replay', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    card(summed({ id: 7, name: 'Ada', avatar_url: null, level: 3 }));
    const link = screen.getByTestId('chat-bet');
    expect(link.getAttribute('href')).toBe('/bets/dice/42');
    expect(screen.getByTestId('chat-bet-money').textContent).toBe('$5.00 → $12.40 · ×2.48');
    expect(link.textContent).toContain('Dice #42');
    expect(link.textContent).toContain('Dice over 60.00');
    expect(link.textContent).toContain('Ada · replay');
    expect(link.getAttribute('data-result')).toBe('win');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('names a masked player Hidden; a free bet has no multiplier', () => {
    card({ ...summed(null), stake: 0, multiplier: null });
    expect(screen.getByTestId('chat-bet').textContent).toContain('Hidden · replay');
    expect(screen.getByTestId('chat-bet-money').textContent).toBe('$0.00 → $12.40');
  });

  it('a bet without a summary (gone) still names the game and links to its replay', () => {
    card({ game: 'box', id: 9 });
    const link = screen.getByTestId('chat-bet');
    expect(link.textContent).toBe('Boxes #9replay');
    expect(link.getAttribute('href')).toBe('/bets/box/9');
    expect(screen.queryByTestId('chat-bet-money')).toBeNull();
  });
});
