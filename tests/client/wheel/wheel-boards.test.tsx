// The wheel's Recent bets and Top payouts lists (issue 26 item 13): what the server answers, with
// the round's live socket bets merged over it; a settled bet's row links to its replay.
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { recentBetsOf, WheelRecentBets, WheelTopPayouts } from '../../../src/client/games/wheel/wheel-boards.tsx';
import type { PanelBet } from '../../../src/client/games/wheel/use-wheel-round.ts';

const bet = (id: number, round: number, over: Partial<PanelBet> = {}): PanelBet => ({
  id,
  round_id: round,
  user: { id, name: `Player ${id}`, avatar_url: null },
  amount: 1,
  color: 'red',
  payout: null,
  status: 'active',
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('recentBetsOf', () => {
  it("keeps the round's fetched bets, merges the live ones over them, newest first", () => {
    const fetched = [bet(1, 7), bet(2, 7), bet(3, 6)];
    const live = [bet(2, 7, { status: 'won', payout: 2 }), bet(4, 7), bet(1, 7, { status: 'canceled' }), bet(9, 8)];
    expect(recentBetsOf(fetched, live, 7).map((b) => [b.id, b.status])).toEqual([
      [4, 'active'],
      [2, 'won'],
    ]);
  });
});

describe('lists from the API', () => {
  function stubApi(bodies: Record<string, unknown>) {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        return new Response(JSON.stringify(bodies[new URL(url, 'http://x').pathname] ?? { data: [] }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    return calls;
  }

  it('Recent bets shows GET /api/wheel/recent-bets for the round, with a live bet added', async () => {
    const calls = stubApi({ '/api/wheel/recent-bets': { data: [{ ...bet(5, 7), created_at: '' }] } });
    render(
      <MemoryRouter>
        <WheelRecentBets roundId={7} live={[bet(6, 7, { color: 'gold', amount: 3 })]} />
      </MemoryRouter>,
    );
    const list = screen.getByRole('region', { name: 'Recent bets' });
    await vi.waitFor(() => expect(within(list).getByText('Player 5')).toBeTruthy());
    expect(within(list).getByText('Player 6')).toBeTruthy();
    expect(within(list).queryAllByTestId('replay-link')).toEqual([]); // nothing settled yet: no replay
    expect(calls.some((u) => u.endsWith('/api/wheel/recent-bets'))).toBe(true);
  });

  it('Top payouts shows GET /api/wheel/top-payouts', async () => {
    stubApi({ '/api/wheel/top-payouts': { data: [{ ...bet(8, 3, { status: 'won', payout: 50 }), created_at: '' }] } });
    render(
      <MemoryRouter>
        <WheelTopPayouts version={0} />
      </MemoryRouter>,
    );
    const list = screen.getByRole('region', { name: 'Top payouts' });
    await vi.waitFor(() => expect(within(list).getByText('Player 8')).toBeTruthy());
    expect(list.textContent).toContain('$50.00');
    expect(within(list).getByTestId('replay-link').getAttribute('href')).toBe('/bets/wheel/8');
  });
});
