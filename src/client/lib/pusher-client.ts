// One way to build a pusher-js client for our channel server (values from GET /api/config).
import type Pusher from 'pusher-js';
import type { Options } from 'pusher-js';
import type { PublicConfig } from '../../shared/api/config.ts';

/** Creates a pusher-js client; `authHeaders` enables private-channel authorisation at `endpoint`
 * (/broadcasting/auth unless told; `params` go with each authorisation request). */
export async function createPusher(
  config: PublicConfig,
  authHeaders?: () => Record<string, string>,
  endpoint = '/broadcasting/auth',
  params?: () => Record<string, string>,
): Promise<Pusher> {
  const { default: PusherCtor } = await import('pusher-js');
  const options: Options = {
    cluster: config.pusher.cluster,
    wsHost: config.pusher.ws_host,
    wsPort: config.pusher.ws_port,
    wssPort: config.pusher.ws_port,
    forceTLS: config.pusher.force_tls,
    enabledTransports: ['ws', 'wss'],
    enableStats: false,
    ...(authHeaders
      ? {
          channelAuthorization: {
            endpoint,
            transport: 'ajax',
            headersProvider: authHeaders,
            ...(params ? { paramsProvider: params } : {}),
          },
        }
      : {}),
  };
  return new PusherCtor(config.pusher.key, options);
}
