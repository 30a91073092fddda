// The battle client's part of issue 24 in jsdom: the invite code of a private battle's link goes with
// the GET, the channel and the join; its creator sees and copies the invite link; a joiner of a
// waiting battle gets Leave (refund), which clears the active battle; create lands on the link.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { battle } from './battle-fixtures.ts';
import { useActiveBattle } from '../../../src/client/stores/active-battle.ts';
import { EngineClock } from '../../../src/client/engine/clock.ts';

const channel = vi.hoisted(() => ({
  watch: vi.fn(
    (..._args: unknown[]) =>
      () =>
        undefined,
  ),
}));
vi.mock('../../../src/client/games/battles/battle-channel.ts', () => ({
  watchPrivateBattle: channel.watch,
}));
vi.mock('../../../src/client/lib/public-channel.ts', () => ({ onPublicEvent: () => () => undefined }));

const { createBattle, joinBattle, leaveBattle } = await import('../../../src/client/games/battles/battle-api.ts');
const { useBattle } = await import('../../../src/client/games/battles/use-battle.ts');
const { BattleActions } = await import('../../../src/client/games/battles/battle-actions.tsx');
const { BattleInvite } = await import('../../../src/client/games/battles/battle-invite.tsx');

const CODE = 'Ab3_-xYz0123456789abcd';
type Call = { url: string; method: string; body: unknown };
let calls: Call[] = [];

function mockFetch(answer: (url: string, method: string) => [number, unknown]) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const [status, body] = answer(url, method);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

beforeEach(() => {
  useActiveBattle.getState().clear();
  channel.watch.mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('battle calls', () => {
  it('create of a private battle lands on its invite link; a public one on its page', async () => {
    mockFetch(() => [
      200,
      { data: { id: 9, invite_code: CODE, invite_link: `/battles/9?code=${CODE}` }, msg: 'ok', balance: 5 },
    ]);
    const body = { boxes: ['b'], mode: '1v1' as const, crazy: false, terminal: false, private: true };
    expect(await createBattle(body)).toEqual({ id: 9, path: `/battles/9?code=${CODE}` });
    mockFetch(() => [200, { data: { id: 10, invite_code: null, invite_link: null }, msg: 'ok', balance: 5 }]);
    expect(await createBattle({ ...body, private: false })).toEqual({ id: 10, path: '/battles/10' });
  });

  it('join sends the code; leave posts, applies the balance and clears the active battle', async () => {
    mockFetch(() => [200, { msg: 'ok', balance: 12.5 }]);
    await joinBattle(7, 1, CODE);
    await joinBattle(8);
    expect(calls.map((c) => [c.url, c.body])).toEqual([
      ['/api/battles/7/join', { team_idx: 1, code: CODE }],
      ['/api/battles/8/join', {}],
    ]);
    expect(useActiveBattle.getState().battleId).toBe(8);
    await leaveBattle(8);
    expect(calls.at(-1)).toMatchObject({ url: '/api/battles/8/leave', method: 'POST' });
    expect(useActiveBattle.getState().battleId).toBeNull();
  });
});

describe('useBattle', () => {
  it('GETs with ?code= and joins the private channel with the code, then reads the battle again', async () => {
    const priv = battle({ private: true, invite_code: CODE });
    mockFetch(() => [200, { data: priv }]);
    const { result } = renderHook(() => useBattle(7, CODE, new EngineClock(), () => 0));
    await waitFor(() => expect(result.current.battle?.private).toBe(true));
    expect(calls[0]!.url).toBe(`/api/battles/7?code=${CODE}`);
    await waitFor(() => expect(channel.watch).toHaveBeenCalledTimes(1));
    const [id, code, , onJoined] = channel.watch.mock.calls[0]! as [number, string, unknown, () => void];
    expect([id, code]).toEqual([7, CODE]);
    act(() => onJoined()); // subscribed: nothing between the answer and the subscription is missed
    await waitFor(() => expect(calls.length).toBe(2));
    expect(calls[1]!.url).toBe(`/api/battles/7?code=${CODE}`);
  });

  it('a public battle: no code, no private channel', async () => {
    mockFetch(() => [200, { data: battle() }]);
    const { result } = renderHook(() => useBattle(7, null, new EngineClock(), () => 0));
    await waitFor(() => expect(result.current.battle).not.toBeNull());
    expect(calls[0]!.url).toBe('/api/battles/7');
    expect(channel.watch).not.toHaveBeenCalled();
  });
});

describe('battle page parts', () => {
  const creatorId = 1; // battle() seats user 1 in seat 0
  const renderActions = (b: ReturnType<typeof battle>, userId: number, code?: string) =>
    render(
      <MemoryRouter>
        <BattleActions
          battle={b}
          userId={userId}
          replaying={false}
          onReplay={() => {}}
          onChanged={() => {}}
          code={code}
        />
        <BattleInvite battle={b} userId={userId} />
      </MemoryRouter>,
    );

  it('the creator of a private battle sees and copies the invite link', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderActions(battle({ private: true, invite_code: CODE, mode: '1v1v1' }, [1, 2]), creatorId);
    const link = screen.getByTestId('invite-link') as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/battles/7?code=${CODE}`);
    fireEvent.click(screen.getByTestId('copy-invite'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(link.value));
    expect(screen.queryByTestId('leave-button')).toBeNull(); // the creator cancels instead
  });

  it('nobody else sees the invite box; a public battle has none', () => {
    renderActions(battle({ private: true, invite_code: CODE, mode: '1v1v1' }, [2]), 2);
    expect(screen.queryByTestId('battle-invite')).toBeNull();
    cleanup();
    renderActions(battle({ mode: '1v1v1' }, [2]), creatorId);
    expect(screen.queryByTestId('battle-invite')).toBeNull();
  });

  it('a joiner of a waiting battle gets Leave; a visitor joins with the page code', async () => {
    mockFetch(() => [200, { msg: 'You left the battle. Your seat was refunded.', balance: 10 }]);
    renderActions(battle({ mode: '1v1v1v1' }, [3]), 2);
    fireEvent.click(screen.getByTestId('leave-button'));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ url: '/api/battles/7/leave', method: 'POST' }));
    cleanup();
    renderActions(battle({ mode: '1v1v1v1', status: 'running' }), 2);
    expect(screen.queryByTestId('leave-button')).toBeNull(); // started: no leave
    cleanup();
    renderActions(battle({ mode: '1v1v1v1', private: true, invite_code: CODE }, [3]), 9, CODE);
    fireEvent.click(screen.getByTestId('join-button'));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ url: '/api/battles/7/join', body: { code: CODE } }));
  });
});
