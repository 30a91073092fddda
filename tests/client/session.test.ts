// Client session (spec §4): cookies from the token pair, profile 100 ms later, one shared refresh
// for concurrent 401s with a retry each, a failed refresh logs out; utm_source tracking cookie.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, setUnauthorizedHandler } from '../../src/client/lib/api.ts';
import { deleteCookie, getCookie, setCookie } from '../../src/client/lib/cookies.ts';
import {
  handleUnauthorized,
  loadProfile,
  setGoHome,
  storeTokens,
  profileDelayMs,
} from '../../src/client/lib/session.ts';
import { endOfLocalDay, resetTracking, trackUtmSource } from '../../src/client/lib/tracking.ts';
import { useSession } from '../../src/client/stores/session.ts';

const user = {
  id: 7,
  name: 'Ann',
  email: 'a@x.io',
  avatar_url: null,
  balance: 1.5,
  user_level: { level: 2 },
  created_at: '2026-01-01T00:00:00.000Z',
};
const config = { oauth: { client_id: '1', client_secret: 'sec' }, pusher: {}, recaptcha_site_key: null };

/** A fake API server: valid access token "good-N", refresh token "r-N". */
function fakeServer(opts: { refreshOk: boolean }) {
  const calls: { url: string; body?: string; auth?: string }[] = [];
  let generation = 0;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    calls.push({ url, body: init.body as string | undefined, auth: headers.Authorization });
    await new Promise((r) => setTimeout(r, 5));
    if (url === '/api/config') return json(200, config);
    if (url === '/oauth/token') {
      if (!opts.refreshOk) return json(400, { message: 'The refresh token is invalid.' });
      generation += 1;
      return json(200, {
        token_type: 'Bearer',
        access_token: `good-${generation}`,
        refresh_token: `r-${generation}`,
        expires_in: 3600,
      });
    }
    if (url === '/api/profile/logout') return json(200, { msg: 'bye' });
    if (!headers.Authorization?.startsWith('Bearer good-'))
      return json(401, { message: 'Unauthenticated.', msg: 'Unauthenticated.' });
    return json(200, { data: user });
  });
  return { calls, fetchMock };
}

describe('client session', () => {
  beforeEach(() => {
    for (const c of ['token', 'refreshToken', 'trackingLink']) deleteCookie(c);
    useSession.getState().clear();
    setUnauthorizedHandler(handleUnauthorized);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('stores both cookies and loads the profile 100 ms later', async () => {
    const { fetchMock, calls } = fakeServer({ refreshOk: true });
    vi.stubGlobal('fetch', fetchMock);
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const done = storeTokens({ token_type: 'Bearer', access_token: 'good-0', refresh_token: 'r-0', expires_in: 60 });
    expect(getCookie('token')).toBe('good-0');
    expect(getCookie('refreshToken')).toBe('r-0');
    await vi.advanceTimersByTimeAsync(profileDelayMs - 1);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(50);
    expect(await done).toEqual(user);
    expect(calls[0]!.url).toBe('/api/profile');
    expect(useSession.getState().user).toEqual(user);
  });

  it('a profile load overtaken by a rename or a sign-out does not undo it', async () => {
    const { fetchMock } = fakeServer({ refreshOk: true });
    vi.stubGlobal('fetch', fetchMock);
    setCookie('token', 'good-0', new Date(Date.now() + 60_000));
    useSession.getState().setUser(user);
    const load = loadProfile(); // its answer (still named Ann) comes back 5 ms later
    useSession.getState().setUser({ ...user, name: 'Renamed' }); // the rename's answer came first
    expect(await load).toEqual(user);
    expect(useSession.getState().user?.name).toBe('Renamed');
    const again = loadProfile();
    useSession.getState().clear(); // signed out meanwhile
    await again;
    expect(useSession.getState().user).toBeNull();
    expect(await loadProfile()).toEqual(user); // nothing overtook this one: it applies
    expect(useSession.getState().user).toEqual(user);
  });

  it('concurrent 401s share ONE refresh; each request is retried once with the new token', async () => {
    const { fetchMock, calls } = fakeServer({ refreshOk: true });
    vi.stubGlobal('fetch', fetchMock);
    useSession.getState().setUser(user);
    setCookie('token', 'expired', new Date(Date.now() + 60_000));
    setCookie('refreshToken', 'r-0', new Date(Date.now() + 60_000));
    const results = await Promise.all([
      api('GET', '/api/profile'),
      api('GET', '/api/profile'),
      api('GET', '/api/profile'),
    ]);
    expect(results).toEqual([{ data: user }, { data: user }, { data: user }]);
    expect(calls.filter((c) => c.url === '/oauth/token')).toHaveLength(1);
    expect(JSON.parse(calls.find((c) => c.url === '/oauth/token')!.body!)).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: 'r-0',
      client_id: '1',
      client_secret: 'sec',
    });
    expect(calls.filter((c) => c.url === '/api/profile' && c.auth === 'Bearer good-1')).toHaveLength(3);
    expect(getCookie('token')).toBe('good-1');
    expect(getCookie('refreshToken')).toBe('r-1');
  });

  it('a failed refresh logs out: cookies and user cleared, home navigation', async () => {
    const { fetchMock } = fakeServer({ refreshOk: false });
    vi.stubGlobal('fetch', fetchMock);
    const home = vi.fn();
    setGoHome(home);
    useSession.getState().setUser(user);
    setCookie('token', 'expired', new Date(Date.now() + 60_000));
    setCookie('refreshToken', 'r-0', new Date(Date.now() + 60_000));
    await expect(api('GET', '/api/profile')).rejects.toMatchObject({ status: 401 });
    expect(getCookie('token')).toBeNull();
    expect(getCookie('refreshToken')).toBeNull();
    expect(useSession.getState().user).toBeNull();
    expect(home).toHaveBeenCalledOnce();
  });

  it('without a user, a 401 is not refreshed', async () => {
    const { fetchMock, calls } = fakeServer({ refreshOk: true });
    vi.stubGlobal('fetch', fetchMock);
    setCookie('token', 'expired', new Date(Date.now() + 60_000));
    setCookie('refreshToken', 'r-0', new Date(Date.now() + 60_000));
    await expect(api('GET', '/api/profile')).rejects.toMatchObject({ status: 401 });
    expect(calls.some((c) => c.url === '/oauth/token')).toBe(false);
  });
});

describe('utm_source tracking', () => {
  beforeEach(() => {
    deleteCookie('trackingLink');
    resetTracking();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('calls /api/tl/{source} once and keeps the link until the end of the local day', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ link: 'LINK123' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await trackUtmSource('/', '?utm_source=news letter')).toBe('LINK123');
    expect(await trackUtmSource('/', '?utm_source=news letter')).toBeNull();
    expect(fetchMock).toHaveBeenCalledOnce();
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/api/tl/news%20letter');
    expect(getCookie('trackingLink')).toBe('LINK123');
    const end = endOfLocalDay(new Date(2026, 0, 5, 10, 30));
    expect([end.getHours(), end.getMinutes(), end.getSeconds(), end.getMilliseconds(), end.getDate()]).toEqual([
      23, 59, 59, 999, 5,
    ]);
  });

  it('ignores /ref/ paths and pages without utm_source', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    expect(await trackUtmSource('/ref/abc', '?utm_source=x')).toBeNull();
    expect(await trackUtmSource('/', '')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
