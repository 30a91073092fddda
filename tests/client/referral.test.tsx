// The Affiliates page in jsdom: statistics from GET /api/affiliates, copy, the one code change
// (server message shown), Claim (balance applied) and the partnership page's real rates.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import ReferralPage from '../../src/client/features/affiliates/referral-page.tsx';
import PartnershipPage from '../../src/client/features/pages/partnership-page.tsx';
import { useSession } from '../../src/client/stores/session.ts';
import type { Affiliate } from '../../src/shared/api/affiliates.ts';

const calls: { url: string; init?: RequestInit }[] = [];
function stubFetch(answer: (url: string, init?: RequestInit) => Response) {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return answer(url, init);
    }),
  );
}
const base: Affiliate = {
  code: 'Ab3_xY9z',
  link: 'http://localhost:3000/ref/Ab3_xY9z',
  code_editable: true,
  visitors: 1234,
  signups: 5,
  referred_wagered: 200,
  commission_rate: 25,
  earned: 2.1,
  claimable: 2.1,
};

describe('affiliates page', () => {
  beforeEach(() =>
    useSession.getState().setUser({
      id: 1,
      name: 'A',
      email: 'a@x.io',
      avatar_url: null,
      balance: 1,
      user_level: { level: 1 },
      created_at: '2026-01-01T00:00:00.000Z',
    } as never),
  );
  afterEach(() => vi.unstubAllGlobals());

  it('shows the link and statistics, copies, changes the code and claims', async () => {
    let state = { ...base };
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    stubFetch((url, init) => {
      if (url === '/api/affiliates/code') {
        const { code } = JSON.parse(String(init!.body)) as { code: string };
        if (code === 'taken') return Response.json({ msg: 'This code is already taken.' }, { status: 422 });
        state = { ...state, code, link: `http://localhost:3000/ref/${code}`, code_editable: false };
        return Response.json({ msg: 'Your referral code has been changed.', data: state });
      }
      if (url === '/api/affiliates/claim') {
        state = { ...state, claimable: 0 };
        return Response.json({ msg: '$2.10 commission has been added to your balance.', balance: 3.1 });
      }
      return Response.json({ data: state });
    });
    render(
      <MemoryRouter>
        <ReferralPage />
      </MemoryRouter>,
    );
    expect(((await screen.findByTestId('referral-link')) as HTMLInputElement).value).toBe(base.link);
    expect(screen.getByTestId('referral-visitors').textContent).toBe('1,234');
    expect(screen.getByTestId('referral-signups').textContent).toBe('5');
    expect(screen.getByTestId('referral-wagered').textContent).toBe('$200.00');
    expect(screen.getByTestId('referral-rate').textContent).toBe('25% of the house edge');
    expect(screen.getByTestId('referral-claimable').textContent).toBe('$2.10');
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(base.link));

    const input = screen.getByLabelText(/Your own code/);
    fireEvent.change(input, { target: { value: 'taken' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This code is already taken.');
    fireEvent.change(input, { target: { value: 'my-channel' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save code' }));
    await waitFor(() => expect((screen.getByTestId('referral-link') as HTMLInputElement).value).toMatch(/my-channel$/));
    expect(screen.queryByLabelText(/Your own code/)).toBeNull();
    expect(calls.find((c) => c.url === '/api/affiliates/code')!.init!.method).toBe('PUT');

    fireEvent.click(screen.getByRole('button', { name: 'Claim $2.10' }));
    await waitFor(() => expect(useSession.getState().user!.balance).toBe(3.1));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Claim $0.00' }).hasAttribute('disabled')).toBe(true),
    );
  });

  it('partnership shows the real share and the commission per game', () => {
    render(
      <MemoryRouter>
        <PartnershipPage />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('partnership-share').textContent).toContain('15% of the house edge');
    const rows = screen.getAllByRole('row').map((r) => r.textContent);
    // game, edge, then per $100: cashback, commission, free loot (at most), leaderboard cap
    expect(rows).toContain('Dice1.00%$0.10$0.15$0.15$0.10');
    expect(rows).toContain('Boxes7.40%$0.74$1.11$1.11$0.74');
    expect(rows).toContain('Crazy Wheel3.70%–3.98%$0.37–$0.398$0.555–$0.597$0.555–$0.597$0.37–$0.398');
    expect(screen.getByRole('link', { name: 'dashboard' }).getAttribute('href')).toBe('/profile/referral');
  });
});
