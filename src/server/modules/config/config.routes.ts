// GET /api/config: the public runtime configuration the client needs.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute } from '../../http/route.ts';
import { publicConfigSchema, type PublicConfig } from '../../../shared/api/config.ts';
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

/** Runtime config route. */
export function configRoutes(app: FastifyInstance, config: Config): void {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/config',
      summary: 'Public runtime configuration',
      tags: ['system'],
      response: publicConfigSchema,
    },
    async ({ request }) => publicConfig(config, request),
  );
}
