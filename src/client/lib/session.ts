// Session bootstrap (spec §4 Session): tokens in the `token` and `refreshToken` cookies, both
// expiring after expires_in; the profile loads 100 ms after tokens are stored; a 401 with a user
// and a refresh token present triggers ONE shared refresh and one retry; a failed refresh logs out.
import { errorText, setUnauthorizedHandler } from './api.ts';
import { logoutSession, requestToken } from './api/auth.ts';
import { getProfile } from './api/profile.ts';
import { deleteCookie, getCookie, setCookie } from './cookies.ts';
import { runtimeConfig } from './runtime-config.ts';
import { useSession } from '../stores/session.ts';
import type { TokenResponse } from '../../shared/api/auth.ts';
import type { PublicUser } from '../../shared/api/user.ts';

/** Delay between storing tokens and loading the profile (spec §9). */
export const profileDelayMs = 100;

/** Where logout sends the browser; the app installs the router's navigate. */
let goHome: () => void = () => window.location.assign('/');

/** Installs how logout navigates to / (the router's navigate inside the app). */
export function setGoHome(fn: () => void): void {
  goHome = fn;
}

/** Stores a token pair in cookies and loads the profile 100 ms later. */
export function storeTokens(pair: TokenResponse, now = Date.now()): Promise<PublicUser | null> {
  const expires = new Date(now + pair.expires_in * 1000);
  setCookie('token', pair.access_token, expires);
  setCookie('refreshToken', pair.refresh_token, expires);
  return new Promise((resolve) => setTimeout(() => void loadProfile().then(resolve), profileDelayMs));
}

/** Loads the signed-in player into the session store; failures are only logged (spec §8). */
export async function loadProfile(): Promise<PublicUser | null> {
  const version = useSession.getState().userVersion;
  try {
    const { data } = await getProfile();
    // a rename (or a sign-out) answered while this was on its way is newer: keep it
    if (useSession.getState().userVersion === version) useSession.getState().setUser(data);
    return data;
  } catch (e) {
    console.warn('profile load failed', e);
    return null;
  }
}

/** The password grant (login form). Rejects with ApiError carrying the server's message. */
export async function login(email: string, password: string): Promise<void> {
  const { oauth } = await runtimeConfig();
  const pair = await requestToken({
    grant_type: 'password',
    client_id: oauth.client_id,
    client_secret: oauth.client_secret,
    username: email,
    password,
    scope: '*',
  });
  await storeTokens(pair);
}

/** The social grant with a provider access token from /social/handle. */
export async function socialLogin(provider: string, providerAccessToken: string): Promise<void> {
  const { oauth } = await runtimeConfig();
  const pair = await requestToken({
    grant_type: 'social',
    client_id: oauth.client_id,
    client_secret: oauth.client_secret,
    provider,
    access_token: providerAccessToken,
    scope: '*',
  });
  await storeTokens(pair);
}

let refreshing: Promise<boolean> | null = null;

/** Refreshes the token pair; concurrent callers share one request. Resolves false on failure. */
export function refreshOnce(): Promise<boolean> {
  refreshing ??= (async () => {
    const refresh_token = getCookie('refreshToken');
    if (!refresh_token) return false;
    try {
      const { oauth } = await runtimeConfig();
      const res = await fetch('/oauth/token', {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'refresh_token',
          refresh_token,
          client_id: oauth.client_id,
          client_secret: oauth.client_secret,
          scope: '*',
        }),
      });
      if (!res.ok) return false;
      const pair = (await res.json()) as TokenResponse;
      const expires = new Date(Date.now() + pair.expires_in * 1000);
      setCookie('token', pair.access_token, expires);
      setCookie('refreshToken', pair.refresh_token, expires);
      return true;
    } catch (e) {
      console.warn('token refresh failed', e);
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Clears tokens and user and goes to /; tells the server to revoke the session if it can. */
export async function logout(callServer = true): Promise<void> {
  if (callServer && getCookie('token')) await logoutSession().catch(() => undefined);
  deleteCookie('token');
  deleteCookie('refreshToken');
  useSession.getState().clear();
  goHome();
}

/** The 401 handler: with a user and a refresh token, one shared refresh; a failed one logs out. */
export async function handleUnauthorized(): Promise<boolean> {
  if (!useSession.getState().user || !getCookie('refreshToken')) return false;
  if (await refreshOnce()) return true;
  await logout(false);
  return false;
}

/** Starts the session at page load: installs the 401 handler; loads the profile when a token exists. */
export function bootstrapSession(): void {
  setUnauthorizedHandler(handleUnauthorized);
  if (getCookie('token') && !useSession.getState().user) void loadProfile();
}

/** What every game's bet machine takes from the session: the busy flag it holds while a bet is in
 * flight, and the text a failure shows. */
export const sessionBetHooks = {
  setBusy: (busy: boolean) => useSession.getState().setBusy(busy),
  errorText,
};
