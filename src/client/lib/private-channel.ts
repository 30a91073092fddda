// The player's private channel (spec §4): pusher-js subscribes to private-users.{id}, authorised
// with the bearer token; balanceUpdated goes through the session store (held while busy).
import type Pusher from 'pusher-js';
import { getCookie } from './cookies.ts';
import { runtimeConfig } from './runtime-config.ts';
import { useSession } from '../stores/session.ts';

/** Payload of balanceUpdated (spec §3). */
interface BalanceUpdated {
  type: 'balanceUpdated';
  current_balance: number; // dollars
}

/** Connects and subscribes for `userId`; returns a function that disconnects. */
export function connectPrivateChannel(userId: number): () => void {
  let client: Pusher | null = null;
  let stopped = false;
  void (async () => {
    const [{ default: PusherCtor }, config] = await Promise.all([import('pusher-js'), runtimeConfig()]);
    if (stopped) return;
    client = new PusherCtor(config.pusher.key, {
      cluster: config.pusher.cluster,
      wsHost: config.pusher.ws_host,
      wsPort: config.pusher.ws_port,
      wssPort: config.pusher.ws_port,
      forceTLS: config.pusher.force_tls,
      enabledTransports: ['ws', 'wss'],
      enableStats: false,
      channelAuthorization: {
        endpoint: '/broadcasting/auth',
        transport: 'ajax',
        // Read the cookie at each authorisation so a refreshed token is used.
        headersProvider: () => ({ Authorization: `Bearer ${getCookie('token') ?? ''}`, Accept: 'application/json' }),
      },
    });
    client.subscribe(`private-users.${userId}`).bind('balanceUpdated', (e: BalanceUpdated) => {
      if (typeof e?.current_balance === 'number') useSession.getState().applyBalance(e.current_balance);
    });
  })().catch((e: unknown) => console.warn('private channel failed', e));
  return () => {
    stopped = true;
    client?.disconnect();
  };
}
