// The programme UIs in jsdom: the leaderboard board (podium, own row, own place below the list,
// last week's winners), the responsible-play panel (limits, pending raise, self-exclusion with a
// confirm step and its end date) and the cashback panel's Claim.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { LeaderboardBoard, PublicStatsToggle } from '../../src/client/features/pages/leaderboard-board.tsx';
import { ResponsiblePlayPanel, pendingText } from '../../src/client/features/profile/responsible-play-panel.tsx';
import { CashbackPanel } from '../../src/client/features/pages/cashback-page.tsx';
import type { Leaderboard, Limits } from '../../src/shared/api/programmes.ts';

const calls: { url: string; method: string; body: unknown }[] = [];
function stubFetch(answer: (url: string, method: string, body: unknown) => Response) {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, method, body });
      return answer(url, method, body);
    }),
  );
}
afterEach(() => vi.unstubAllGlobals());

const entry = (place: number, id: number, name: string, wagered: number, prize: number) => ({
  place,
  user: { id, name, avatar_url: null, level: 3 },
  wagered,
  prize,
});
const board: Leaderboard = {
  period: { starts_at: '2026-11-19T17:00:00.000Z', ends_at: '2026-11-26T17:00:00.000Z' },
  time_zone: 'Europe/Berlin',
  prizes: [
    { place: 1, amount: 250 },
    { place: 2, amount: 150 },
  ],
  prize_cap_percent: 10,
  entries: [
    entry(1, 10, 'Ann', 500, 250),
    entry(2, 11, 'Ben', 300, 150),
    entry(3, 12, 'Hidden player', 100, 100),
    entry(4, 13, 'Dan', 50, 75),
  ],
  me: { place: 2, wagered: 300 },
  previous: {
    period: { starts_at: '2026-11-12T17:00:00.000Z', ends_at: '2026-11-19T17:00:00.000Z' },
    entries: [entry(1, 13, 'Dan', 999, 250)],
  },
};

describe('leaderboard board', () => {
  it('shows the podium, highlights my row and lists last week’s winners', () => {
    render(<LeaderboardBoard board={board} myId={11} />);
    const podium = screen.getByTestId('podium');
    expect(podium.querySelectorAll('li')).toHaveLength(3);
    expect(podium.textContent).toContain('Ann');
    const mine = screen.getByTestId('leaderboard-table-me');
    expect(mine.getAttribute('aria-current')).toBe('true');
    expect(mine.textContent).toContain('Ben');
    expect(mine.textContent).toContain('$300.00');
    expect(screen.getByTestId('leaderboard-my-place').textContent).toBe('Your place: #2 with $300.00 wagered');
    expect(screen.getByTestId('leaderboard-previous').textContent).toContain('Dan');
    expect(screen.getByTestId('leaderboard-previous').textContent).toContain('(Europe/Berlin)');
    expect(screen.getByTestId('leaderboard-prizes').textContent).toContain('#1: $250.00');
  });

  it('shows my place below the list when I am not in it, and an empty week', () => {
    const { unmount } = render(<LeaderboardBoard board={{ ...board, me: { place: 40, wagered: 1.5 } }} myId={99} />);
    expect(screen.queryByTestId('leaderboard-table-me')).toBeNull();
    expect(screen.getByTestId('leaderboard-my-place').textContent).toBe('Your place: #40 with $1.50 wagered');
    unmount();
    render(<LeaderboardBoard board={{ ...board, entries: [], me: null }} myId={null} />);
    expect(screen.queryByTestId('podium')).toBeNull();
    expect(screen.getByTestId('leaderboard-standings').textContent).toContain('No wagers yet this week');
  });
});

describe('public stats toggle', () => {
  it('hides the name on the leaderboard and reloads the board', async () => {
    stubFetch((url, method, body) =>
      method === 'GET'
        ? Response.json({ data: { public: true } })
        : Response.json({ msg: 'The leaderboard hides your name.', data: body }),
    );
    const onChanged = vi.fn();
    render(<PublicStatsToggle onChanged={onChanged} />);
    const box = await screen.findByRole('checkbox', { name: 'Show my name on the leaderboard' });
    expect(box).toHaveProperty('checked', true);
    fireEvent.click(box);
    await waitFor(() => expect(onChanged).toHaveBeenCalledOnce());
    expect(box).toHaveProperty('checked', false);
    expect(calls.at(-1)).toMatchObject({ url: '/api/profile/public-stats', method: 'PUT', body: { public: false } });
  });
});

const limits: Limits = {
  deposit_limits: [
    { period: 'day', amount: 50, pending_amount: 200, pending_from: '2026-11-27T10:00:00.000Z' },
    { period: 'week', amount: null, pending_amount: null, pending_from: null },
    { period: 'month', amount: 900, pending_amount: null, pending_from: '2026-11-27T10:00:00.000Z' },
  ],
  self_excluded_until: null,
};

describe('responsible play panel', () => {
  it('pendingText names a raise or a removal', () => {
    expect(pendingText(limits.deposit_limits[0]!)).toMatch(/^Rises to \$200\.00 on 27\.11\.26, /);
    expect(pendingText(limits.deposit_limits[1]!)).toBeNull();
    expect(pendingText(limits.deposit_limits[2]!)).toMatch(/^Removed on /);
  });

  it('sets a limit and self-excludes after the confirm step, then shows the end date', async () => {
    const until = '2026-12-26T11:00:00.000Z';
    stubFetch((url, method, body) => {
      if (method === 'GET') return Response.json({ data: limits });
      if (url === '/api/profile/limits')
        return Response.json({
          msg: 'Your weekly deposit limit is now $75.00.',
          data: {
            ...limits,
            deposit_limits: limits.deposit_limits.map((l) =>
              l.period === (body as { period: string }).period ? { ...l, amount: 75 } : l,
            ),
          },
        });
      return Response.json({ msg: 'You are self-excluded.', data: { ...limits, self_excluded_until: until } });
    });
    render(<ResponsiblePlayPanel />);
    expect((await screen.findByTestId('limit-day-amount')).textContent).toBe('$50.00');
    expect(screen.getByTestId('limit-day-pending').textContent).toMatch(/^Rises to \$200\.00/);
    expect(screen.getByTestId('limit-week-amount').textContent).toBe('No limit');
    fireEvent.change(screen.getByLabelText('Weekly deposit limit in dollars'), { target: { value: '75' } });
    fireEvent.submit(screen.getByTestId('limit-week'));
    await waitFor(() => expect(screen.getByTestId('limit-week-amount').textContent).toBe('$75.00'));
    expect(calls.at(-1)).toMatchObject({
      url: '/api/profile/limits',
      method: 'PUT',
      body: { period: 'week', amount: 75 },
    });

    fireEvent.change(screen.getByLabelText(/^Days/), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Self-exclude' }));
    expect(calls.some((c) => c.url === '/api/profile/self-exclusion')).toBe(false); // not before the confirm
    fireEvent.click(screen.getByRole('button', { name: 'Confirm self-exclusion' }));
    expect((await screen.findByTestId('self-excluded-until')).textContent).toMatch(/self-excluded until 26\.12\.26/);
    expect(calls.at(-1)).toMatchObject({ url: '/api/profile/self-exclusion', method: 'POST', body: { days: 30 } });
  });
});

describe('cashback panel', () => {
  const cashback = (claimable: number, history: unknown[] = []) => ({
    data: {
      rate: 10,
      time_zone: 'Europe/Berlin',
      window: { from: '2026-11-25T20:00:00.000Z', to: '2026-11-26T20:00:00.000Z' },
      wagered: 1250,
      house_edge: 12.5,
      accrued: 1.25,
      claimable,
      claimable_window: { from: '2026-11-24T20:00:00.000Z', to: '2026-11-25T20:00:00.000Z' },
      next_reset_at: '2026-11-26T20:00:00.000Z',
      history,
    },
  });

  it('claims the claimable cashback, then shows it in the history', async () => {
    let claimed = false;
    stubFetch((url, method) => {
      if (url === '/api/cashback/claim') {
        claimed = true;
        return Response.json({ msg: '$2.00 cashback has been added to your balance.', balance: 12 });
      }
      if (url === '/api/cashback')
        return Response.json(
          claimed
            ? cashback(0, [
                {
                  window: { from: '2026-11-24T20:00:00.000Z', to: '2026-11-25T20:00:00.000Z' },
                  wagered: 2000,
                  house_edge: 20,
                  amount: 2,
                  claimed_at: '2026-11-26T10:00:00.000Z',
                },
              ])
            : cashback(2),
        );
      return Response.json({ message: method }, { status: 404 });
    });
    render(
      <MemoryRouter>
        <CashbackPanel resetAt={1} />
      </MemoryRouter>,
    );
    expect((await screen.findByTestId('cashback-claimable')).textContent).toBe('$2.00');
    expect(screen.getByTestId('cashback-rate').textContent).toBe('10%');
    expect(screen.getByTestId('cashback-wagered').textContent).toBe('$1,250.00');
    expect(screen.getByTestId('cashback-accrued').textContent).toBe('$1.25');
    fireEvent.click(screen.getByRole('button', { name: /^Claim/ }));
    await waitFor(() => expect(screen.getByTestId('cashback-claimable').textContent).toBe('$0.00'));
    expect(screen.getByRole('button', { name: /^Claim/ })).toHaveProperty('disabled', true);
    expect(screen.getByTestId('cashback-history').textContent).toContain('$2,000.00');
  });
});
