// The page's socket.io connections for the round games: one socket per namespace (/crash, /wheel),
// shared by every component that needs it and closed when the last one lets go. All namespaces
// ride one manager (one engine.io connection per origin). Settings are spec §9's: connect timeout
// 20000 ms, reconnection delay 1000 → 5000 ms, unlimited attempts. WebSocket only, no long-polling:
// behind a load balancer without sticky sessions (docs/nginx.conf) a polling session's requests would
// reach instances that never saw its handshake. Clients only listen: bets and cash-outs go through the API.
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import type { RoundNamespace, RoundServerEvents } from '../../shared/api/rounds.ts';
import type { PublicConfig } from '../../shared/api/config.ts';
import { runtimeConfig } from './runtime-config.ts';

/** socket.io-client options from spec §9. */
export const SOCKET_OPTIONS: Partial<ManagerOptions & SocketOptions> = {
  path: '/socket.io',
  reconnection: true,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
  reconnectionAttempts: Infinity,
  timeout: 20_000,
  transports: ['websocket'],
};

/** A typed socket of one round namespace (server → client events only). */
export type RoundSocket<N extends RoundNamespace> = Socket<RoundServerEvents[N], Record<string, never>>;

/** A held reference to a namespace's shared socket; call release() once when done. */
export interface SocketLease<N extends RoundNamespace> {
  socket: RoundSocket<N>;
  release(): void;
}

interface Entry {
  socket: Socket;
  holders: number;
}

const open = new Map<string, Entry>();

/** The shared socket of `namespace` on `origin` (e.g. "http://127.0.0.1:3000"), counted until released. */
export function acquireSocket<N extends RoundNamespace>(namespace: N, origin: string): SocketLease<N> {
  const key = `${origin}${namespace}`;
  let entry = open.get(key);
  if (!entry) {
    entry = { socket: io(key, SOCKET_OPTIONS), holders: 0 };
    open.set(key, entry);
  }
  entry.holders++;
  const held = entry;
  let released = false;
  return {
    socket: held.socket as RoundSocket<N>,
    release() {
      if (released) return; // a second release must not close someone else's socket
      released = true;
      held.holders--;
      if (held.holders > 0) return;
      held.socket.disconnect();
      if (open.get(key) === held) open.delete(key);
    },
  };
}

/** The socket.io origin for a page on `hostname` (spec §7): the staging host when the host name
 *  contains "stage" and one is configured (SOCKET_URL_STAGING), else socket_url. */
export function socketOrigin(
  config: Pick<PublicConfig, 'socket_url' | 'socket_url_staging'>,
  hostname: string = location.hostname,
): string {
  return hostname.toLowerCase().includes('stage') && config.socket_url_staging
    ? config.socket_url_staging
    : config.socket_url;
}

/** The shared socket of `namespace` on the origin GET /api/config names for this page's host. */
export async function acquireRoundSocket<N extends RoundNamespace>(namespace: N): Promise<SocketLease<N>> {
  return acquireSocket(namespace, socketOrigin(await runtimeConfig()));
}

/** How many namespaces have an open shared socket (tests and the dev panel). */
export function openSocketCount(): number {
  return open.size;
}
