// The typed API calls (src/client/lib/api/) against a stubbed fetch: each builds its URL and JSON body
// (empty filters left out, path parts encoded), answers the parsed body, and a refusal still rejects
// with ApiError carrying the spec's error shape; useApiData loads through them and refetches only
// when the args' values change.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { ApiError, errorText } from '../../../src/client/lib/api.ts';
import { withQuery } from '../../../src/client/lib/api/query.ts';
import { getBoxDrops, listBoxes, listBoxOpenings } from '../../../src/client/lib/api/boxes.ts';
import { getBattle, postAddBots, postJoinBattle } from '../../../src/client/lib/api/battles.ts';
import { getProfileBets } from '../../../src/client/lib/api/profile.ts';
import { getCrashLeaderboard } from '../../../src/client/lib/api/crash.ts';
import { getPlinkoLeaderboard } from '../../../src/client/lib/api/plinko.ts';
import { getUpgradeTargets } from '../../../src/client/lib/api/upgrade.ts';
import { redeemCode, startRedirectDeposit } from '../../../src/client/lib/api/wallet.ts';
import { getTrackingLink, handleSocialCallback } from '../../../src/client/lib/api/auth.ts';
import { countReferralVisit } from '../../../src/client/lib/api/affiliates.ts';
import { placeDiceBet } from '../../../src/client/lib/api/dice.ts';
import { useApiData } from '../../../src/client/lib/use-api-data.ts';

type Call = { url: string; method: string; body: unknown };

/** fetch answering `answer(url)` (200 unless a status is given); returns the calls made. */
function mockFetch(answer: (url: string) => { status?: number; body: unknown } = () => ({ body: { data: [] } })) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
      const { status = 200, body } = answer(url);
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('withQuery', () => {
  it('leaves out undefined, null and empty values, and the ? when nothing is left', () => {
    expect(withQuery('/api/x', { a: 'b c', n: 0, e: '', u: undefined, z: null })).toBe('/api/x?a=b+c&n=0');
    expect(withQuery('/api/x', { e: '' })).toBe('/api/x');
  });
});

describe('GET URLs', () => {
  it('box drops: the prefix of each box kind, best=1 only in best mode, the slug encoded', async () => {
    const calls = mockFetch();
    await getBoxDrops('box', 'tiny', false, 20);
    await getBoxDrops('box', 'tiny', true, 20);
    await getBoxDrops('free', 'daily', true, 5);
    await getBoxDrops('user', 'a/b', false, 20);
    expect(calls.map((c) => c.url)).toEqual([
      '/api/boxes/tiny/last-drops?limit=20',
      '/api/boxes/tiny/last-drops?limit=20&best=1',
      '/api/free-boxes/daily/last-drops?limit=5&best=1',
      '/api/user-boxes/a%2Fb/last-drops?limit=20',
    ]);
  });

  it('filters with a value only, in the order given', async () => {
    const calls = mockFetch();
    await listBoxes();
    await listBoxes({ search: 'red', type: null, sort: 'price_asc' });
    await listBoxOpenings('tiny', 10);
    await getProfileBets({ game: 'dice', result: '', from: '2026-11-01', to: '' }, 2, 25);
    await getCrashLeaderboard({ sort: 'multiplier', period: '' });
    await getPlinkoLeaderboard({ sort: 'win_amount', period: 'week' });
    await getUpgradeTargets({ limit: 48, min_price: 1.01, max_price: 95, search: '' });
    expect(calls.map((c) => c.url)).toEqual([
      '/api/boxes',
      '/api/boxes?search=red&sort=price_asc',
      '/api/boxes/openings?box=tiny&per_page=10',
      '/api/profile/bets?page=2&per_page=25&game=dice&from=2026-11-01',
      '/api/crash/leaderboard?sort=multiplier',
      '/api/plinko/leaderboard?sort=win_amount&period=week',
      '/api/upgrade/targets?limit=48&min_price=1.01&max_price=95',
    ]);
  });

  it("a battle with a private battle's invite code; tracking and social callback queries", async () => {
    const calls = mockFetch(() => ({ body: { link: 'x' } }));
    await getBattle(7);
    await getBattle(7, 'a b');
    await getTrackingLink('mail/news');
    await handleSocialCallback(new URLSearchParams({ code: 'c1', provider: 'google' }));
    expect(calls.map((c) => c.url)).toEqual([
      '/api/battles/7',
      '/api/battles/7?code=a%20b',
      '/api/tl/mail%2Fnews',
      '/social/handle?code=c1&provider=google',
    ]);
  });
});

describe('POST bodies', () => {
  it('join and add-bots send only the fields given', async () => {
    const calls = mockFetch(() => ({ body: { msg: 'ok', balance: 1 } }));
    await postJoinBattle(7, 1, 'code1');
    await postJoinBattle(8);
    await postAddBots(8, 2);
    await postAddBots(8, 1, 0);
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/api/battles/7/join', { team_idx: 1, code: 'code1' }],
      ['POST', '/api/battles/8/join', {}],
      ['POST', '/api/battles/8/add-bots', { bots: 2 }],
      ['POST', '/api/battles/8/add-bots', { bots: 1, team_idx: 0 }],
    ]);
  });

  it('deposit provider and code kind pick the endpoint; a referral code is encoded', async () => {
    const calls = mockFetch(() => ({ body: { redirect_url: 'https://pay', msg: 'ok', balance: 3, ok: true } }));
    expect(await startRedirectDeposit('zen', 20, 'WELCOME')).toEqual({
      redirect_url: 'https://pay',
      msg: 'ok',
      balance: 3,
      ok: true,
    });
    await startRedirectDeposit('skinsback', 5, '');
    await redeemCode('giftcard', 'G-1');
    await redeemCode('voucher', 'V-1');
    await countReferralVisit('a b');
    expect(calls.map((c) => [c.url, c.body])).toEqual([
      ['/api/deposit/zen/redirect', { amount: 20, promocode: 'WELCOME' }],
      ['/api/deposit/skinsback/redirect', { amount: 5, promocode: '' }],
      ['/api/deposit/gift-code/redeem', { code: 'G-1' }],
      ['/api/deposit/voucher/redeem', { code: 'V-1' }],
      ['/api/affiliates/visit/a%20b', undefined],
    ]);
  });

  it("a refusal rejects with ApiError carrying the server's body, toasted as msg", async () => {
    mockFetch(() => ({
      status: 422,
      body: { message: 'The given data was invalid.', msg: 'Bet too small.', errors: { amount: ['Bet too small.'] } },
    }));
    const error = await placeDiceBet({ amount: 0.01, target: 50, direction: 'over' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).body.errors).toEqual({ amount: ['Bet too small.'] });
    expect(errorText(error)).toBe('Bet too small.');
  });
});

describe('useApiData', () => {
  it('loads through the call, refetches when the args or version change, not for an equal new array', async () => {
    const calls = mockFetch((url) => ({ body: { data: [], types: [url] } }));
    const { result, rerender } = renderHook(
      ({ sort, version }: { sort: string | null; version: number }) =>
        useApiData(listBoxes, sort === null ? null : [{ sort }], version),
      { initialProps: { sort: null as string | null, version: 0 } },
    );
    expect(result.current.loading).toBe(false);
    expect(calls).toHaveLength(0); // null args: nothing to load
    rerender({ sort: 'name', version: 0 });
    await waitFor(() => expect(result.current.data?.types).toEqual(['/api/boxes?sort=name']));
    rerender({ sort: 'name', version: 0 }); // a new [{ sort }] of the same value
    rerender({ sort: 'newest', version: 0 });
    await waitFor(() => expect(result.current.data?.types).toEqual(['/api/boxes?sort=newest']));
    rerender({ sort: 'newest', version: 1 });
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls.map((c) => c.url)).toEqual([
      '/api/boxes?sort=name',
      '/api/boxes?sort=newest',
      '/api/boxes?sort=newest',
    ]);
  });
});
