// The public runtime configuration and the origin players reach, for one request (used by the config,
// accounts, social and wallet routes).
import type { FastifyRequest } from 'fastify';
import type { PublicConfig } from '../../../shared/api/config.ts';
import type { Config } from '../../config.ts';

function origin(config: Config, request: FastifyRequest): URL {
  if (config.publicUrl) return new URL(config.publicUrl);
  const host = request.headers.host ?? `localhost:${config.port}`;
  return new URL(`${request.protocol}://${host}`);
}

/** Socket address of a Pusher-compatible service (soketi serves WebSocket and HTTP API on one port). */
function hostedPusher(key: string, host: string): PublicConfig['pusher'] {
  const u = new URL(host);
  const tls = u.protocol === 'https:';
  return { key, cluster: 'eu', ws_host: u.hostname, ws_port: u.port ? Number(u.port) : tls ? 443 : 80, force_tls: tls };
}

/** Builds the public config for one request's origin. */
export function publicConfig(config: Config, request: FastifyRequest): PublicConfig {
  const url = origin(config, request);
  const tls = url.protocol === 'https:';
  const port = url.port ? Number(url.port) : tls ? 443 : 80;
  return {
    api_url: url.origin,
    socket_url: url.origin,
    pusher: config.pusherHttp
      ? hostedPusher(config.secrets.pusherKey, config.pusherHttp.host)
      : { key: config.secrets.pusherKey, cluster: 'eu', ws_host: url.hostname, ws_port: port, force_tls: tls },
    recaptcha_site_key: config.recaptchaSiteKey,
    oauth: { client_id: config.oauthClientId, client_secret: config.secrets.oauthClientSecret },
    gtm_id: config.gtmId,
  };
}

/** The origin players reach this server at (links in mail, OAuth callbacks, checkout redirects). */
export function siteOrigin(config: Config, request: FastifyRequest): string {
  return origin(config, request).origin;
}
