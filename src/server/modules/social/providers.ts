// Social sign-in adapters (google, facebook: OAuth 2.0 code flow; steam: OpenID 2.0) and the
// built-in development provider that stands in for any provider without credentials.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SocialIdentity } from '../accounts/accounts.service.ts';
import type { Config } from '../../config.ts';
import type { SocialProviderName } from '../../../shared/api/auth.ts';
import { HttpError } from '../../http/errors.ts';
import type { RateLimitStore } from '../../plugins/rate-limit.ts';

/** One social provider. */
/** What the social routes use: the config (for the site origin) and the available providers. */
export interface SocialDeps {
  config: Config;
  social: Partial<Record<SocialProviderName, SocialProvider>>; // a provider missing here is unavailable
}

export interface SocialProvider {
  /** Where the browser goes to consent; it comes back to `callbackUrl` with a code. */
  authorizeUrl(callbackUrl: string, state: string): string;
  /** Trades the callback's parameters for a provider access token. */
  exchange(params: Record<string, string>, callbackUrl: string): Promise<string>;
  /** The person behind a provider access token. */
  identity(accessToken: string): Promise<SocialIdentity>;
}

/** Refusal of a code or token by a provider. */
export const socialFailedMessage = 'The social sign-in could not be completed. Please try again.';

async function json(res: Response): Promise<Record<string, unknown>> {
  if (!res.ok) throw new HttpError(400, socialFailedMessage);
  return (await res.json()) as Record<string, unknown>;
}

/** Endpoints and field mapping of an OAuth 2.0 provider. */
export interface OAuthEndpoints {
  authorize: string;
  token: string;
  userinfo: string;
  scope: string;
  map(info: Record<string, unknown>): SocialIdentity;
}

/** Google and Facebook (and test fakes): authorization code flow, then a userinfo call. */
export class OAuth2Provider implements SocialProvider {
  constructor(
    private readonly clientId: string,
    private readonly clientSecret: string,
    private readonly endpoints: OAuthEndpoints,
  ) {}

  authorizeUrl(callbackUrl: string, state: string): string {
    const q = new URLSearchParams({
      client_id: this.clientId,
      redirect_uri: callbackUrl,
      response_type: 'code',
      scope: this.endpoints.scope,
      state,
    });
    return `${this.endpoints.authorize}?${q}`;
  }

  async exchange(params: Record<string, string>, callbackUrl: string): Promise<string> {
    if (!params.code) throw new HttpError(422, socialFailedMessage);
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code: params.code,
      client_id: this.clientId,
      client_secret: this.clientSecret,
      redirect_uri: callbackUrl,
    });
    const res = await fetch(this.endpoints.token, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    const token = (await json(res)).access_token;
    if (typeof token !== 'string') throw new HttpError(400, socialFailedMessage);
    return token;
  }

  async identity(accessToken: string): Promise<SocialIdentity> {
    const res = await fetch(this.endpoints.userinfo, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    return this.endpoints.map(await json(res));
  }
}

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** Google's endpoints (OpenID Connect userinfo). */
export const googleEndpoints: OAuthEndpoints = {
  authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
  token: 'https://oauth2.googleapis.com/token',
  userinfo: 'https://openidconnect.googleapis.com/v1/userinfo',
  scope: 'openid email profile',
  map: (i) => ({
    id: String(i.sub),
    email: str(i.email),
    emailVerified: i.email_verified === true,
    name: str(i.name) ?? 'Player',
    avatarUrl: str(i.picture),
  }),
};

/** Facebook's endpoints (Graph API; an email Facebook returns is confirmed). */
export const facebookEndpoints: OAuthEndpoints = {
  authorize: 'https://www.facebook.com/v19.0/dialog/oauth',
  token: 'https://graph.facebook.com/v19.0/oauth/access_token',
  userinfo: 'https://graph.facebook.com/me?fields=id,name,email,picture',
  scope: 'email public_profile',
  map: (i) => ({
    id: String(i.id),
    email: str(i.email),
    emailVerified: Boolean(str(i.email)),
    name: str(i.name) ?? 'Player',
    avatarUrl: str((i.picture as { data?: { url?: string } } | undefined)?.data?.url),
  }),
};

/** Steam: OpenID 2.0 assertion checked with Steam, then a signed token of our own carrying the SteamID. */
export class SteamProvider implements SocialProvider {
  constructor(
    private readonly apiKey: string,
    private readonly secret: string,
    private readonly openidUrl = 'https://steamcommunity.com/openid/login',
    private readonly apiUrl = 'https://api.steampowered.com',
  ) {}

  authorizeUrl(callbackUrl: string, state: string): string {
    const id = 'http://specs.openid.net/auth/2.0/identifier_select';
    const q = new URLSearchParams({
      'openid.ns': 'http://specs.openid.net/auth/2.0',
      'openid.mode': 'checkid_setup',
      'openid.return_to': `${callbackUrl}?state=${encodeURIComponent(state)}`, // OpenID 2.0 has no state: it rides on return_to
      'openid.realm': new URL(callbackUrl).origin,
      'openid.identity': id,
      'openid.claimed_id': id,
    });
    return `${this.openidUrl}?${q}`;
  }

  async exchange(params: Record<string, string>): Promise<string> {
    const claimed = /^https:\/\/steamcommunity\.com\/openid\/id\/(\d{17})$/.exec(params['openid.claimed_id'] ?? '');
    if (!claimed) throw new HttpError(422, socialFailedMessage);
    const check = new URLSearchParams(Object.entries(params).filter(([k]) => k.startsWith('openid.')));
    check.set('openid.mode', 'check_authentication');
    const res = await fetch(this.openidUrl, { method: 'POST', body: check, signal: AbortSignal.timeout(10_000) });
    if (!res.ok || !/is_valid\s*:\s*true/.test(await res.text())) throw new HttpError(400, socialFailedMessage);
    const payload = `${claimed[1]}.${Date.now() + 10 * 60_000}`;
    return `${payload}.${createHmac('sha256', this.secret).update(`steam:${payload}`).digest('base64url')}`;
  }

  async identity(accessToken: string): Promise<SocialIdentity> {
    const [steamId, expires, sig] = accessToken.split('.');
    const want = createHmac('sha256', this.secret).update(`steam:${steamId}.${expires}`).digest();
    const got = Buffer.from(sig ?? '', 'base64url');
    if (got.length !== want.length || !timingSafeEqual(got, want) || Number(expires) < Date.now())
      throw new HttpError(400, socialFailedMessage);
    const res = await fetch(`${this.apiUrl}/ISteamUser/GetPlayerSummaries/v2/?key=${this.apiKey}&steamids=${steamId}`, {
      signal: AbortSignal.timeout(10_000),
    });
    const player = (
      (await json(res)).response as { players?: { personaname?: string; avatarfull?: string }[] } | undefined
    )?.players?.[0];
    return {
      id: steamId!,
      email: null,
      emailVerified: false,
      name: player?.personaname ?? 'Steam player',
      avatarUrl: player?.avatarfull ?? null,
    };
  }
}

const CODE_TTL_MS = 10 * 60_000; // a development code's and token's life

/**
 * The built-in development provider: a local consent page (name and email) stands in for the
 * provider so the whole flow runs offline. Its codes and tokens are self-contained and signed with
 * the app secret (like Steam's above), valid 10 minutes: any instance redeems what another issued,
 * nothing lives in one process's memory. A code is single-use across instances: its first exchange
 * is counted in the shared rate-limit store (Redis with REDIS_URL), an atomic increment.
 */
export class DevSocialProvider implements SocialProvider {
  constructor(
    readonly provider: string,
    private readonly secret: string,
    private readonly used: Pick<RateLimitStore, 'hit'>,
  ) {}

  authorizeUrl(callbackUrl: string, state: string): string {
    return `/dev/social/${this.provider}/consent?${new URLSearchParams({ redirect_uri: callbackUrl, state })}`;
  }

  /** Records a consent and returns its code. */
  grant(name: string, email: string, now: number): string {
    const id = createHmac('sha256', 'dev-social').update(email.toLowerCase()).digest('hex').slice(0, 20);
    const identity: SocialIdentity = { id, email: email.toLowerCase(), emailVerified: true, name, avatarUrl: null };
    return this.sign('code', { identity, expiresAt: now + CODE_TTL_MS });
  }

  async exchange(params: Record<string, string>): Promise<string> {
    const code = params.code ?? '';
    const grant = this.open('code', code);
    // the window is pinned to the code's own expiry (passed as "now"), so every exchange of one code
    // counts in the same window whenever it comes
    const uses = await this.used.hit(`dev-social:${this.provider}:${code.slice(-43)}`, CODE_TTL_MS, grant.expiresAt);
    if (uses > 1) throw new HttpError(400, socialFailedMessage);
    return this.sign('token', grant);
  }

  async identity(accessToken: string): Promise<SocialIdentity> {
    return this.open('token', accessToken).identity;
  }

  private sign(use: string, grant: DevGrant): string {
    const payload = Buffer.from(JSON.stringify(grant)).toString('base64url');
    return `${payload}.${this.mac(use, payload).toString('base64url')}`;
  }

  private open(use: string, signed: string): DevGrant {
    const [payload = '', sig = ''] = signed.split('.');
    const want = Buffer.from(this.mac(use, payload).toString('base64url'));
    const got = Buffer.from(sig); // as text: a changed last character (padding bits) must not pass
    if (got.length !== want.length || !timingSafeEqual(got, want)) throw new HttpError(400, socialFailedMessage);
    const grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as DevGrant;
    if (grant.expiresAt < Date.now()) throw new HttpError(400, socialFailedMessage);
    return grant;
  }

  private mac(use: string, payload: string): Buffer {
    return createHmac('sha256', this.secret).update(`dev-social:${this.provider}:${use}:${payload}`).digest();
  }
}

/** What a development code or token carries. */
interface DevGrant {
  identity: SocialIdentity;
  expiresAt: number; // epoch ms
}
