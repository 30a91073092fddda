// The public runtime configuration and the origin players reach, for one request (used by the config,
// accounts, social and wallet routes).
import type { PublicConfig } from '../../../shared/api/config.ts';
import type { Config } from '../../config.ts';

/** The configured origin (PUBLIC_URL, else the listen address); never the request's Host header. */
function origin(config: Config): URL {
  return new URL(config.siteUrl);
}

/** Socket address of a Pusher-compatible service (soketi serves WebSocket and HTTP API on one port). */
function hostedPusher(key: string, host: string): PublicConfig['pusher'] {
  const u = new URL(host);
  const tls = u.protocol === 'https:';
  return { key, cluster: 'eu', ws_host: u.hostname, ws_port: u.port ? Number(u.port) : tls ? 443 : 80, force_tls: tls };
}

/** Builds the public config (the request is not consulted: its headers are the client's to forge). */
export function publicConfig(config: Config): PublicConfig {
  const url = origin(config);
  const tls = url.protocol === 'https:';
  const port = url.port ? Number(url.port) : tls ? 443 : 80;
  return {
    api_url: url.origin,
    socket_url: url.origin,
    socket_url_staging: config.socketUrlStaging,
    pusher: config.pusherHttp
      ? hostedPusher(config.secrets.pusherKey, config.pusherHttp.host)
      : { key: config.secrets.pusherKey, cluster: 'eu', ws_host: url.hostname, ws_port: port, force_tls: tls },
    recaptcha_site_key: config.recaptchaSiteKey,
    rating_widget_url: config.ratingWidgetUrl,
    oauth: { client_id: config.oauthClientId, client_secret: config.secrets.oauthClientSecret },
    gtm_id: config.gtmId,
    giftcard_reseller_url: config.giftCardResellerUrl,
    round_pace: {
      crash: { betting_ms: config.crash.bettingMs, ended_ms: config.crash.endedMs },
      wheel: { betting_ms: config.wheel.bettingMs, ended_ms: config.wheel.endedMs },
    },
  };
}

/** The origin players reach this server at (links in mail, OAuth callbacks, checkout redirects). */
export function siteOrigin(config: Config): string {
  return origin(config).origin;
}
