// The public channel (spec §3, §4): one pusher-js connection without authorisation, shared by
// every listener; it carries `lastDrop`.
import type Pusher from 'pusher-js';
import { runtimeConfig } from './runtime-config.ts';
import { LAST_DROP_EVENT, PUBLIC_CHANNEL } from '../../shared/api/box-open.ts';

type Listener = (data: unknown) => void;

const listeners = new Map<string, Set<Listener>>(); // event → listeners
let client: Pusher | null = null; // the shared connection, opened on first use
let connecting: Promise<void> | null = null;

async function connect(): Promise<void> {
  const [{ default: PusherCtor }, config] = await Promise.all([import('pusher-js'), runtimeConfig()]);
  client = new PusherCtor(config.pusher.key, {
    cluster: config.pusher.cluster,
    wsHost: config.pusher.ws_host,
    wsPort: config.pusher.ws_port,
    wssPort: config.pusher.ws_port,
    forceTLS: config.pusher.force_tls,
    enabledTransports: ['ws', 'wss'],
    enableStats: false,
  });
  const channel = client.subscribe(PUBLIC_CHANNEL);
  channel.bind_global((event: string, data: unknown) => {
    for (const l of listeners.get(event) ?? []) l(data);
  });
}

/** Calls `listener` for every `event` on the public channel; returns an unsubscribe function. */
export function onPublicEvent(event: string, listener: Listener): () => void {
  let set = listeners.get(event);
  if (!set) listeners.set(event, (set = new Set()));
  set.add(listener);
  connecting ??= connect().catch((e: unknown) => {
    connecting = null;
    console.warn('public channel failed', e);
  });
  return () => {
    set.delete(listener);
  };
}

/** Listens to live drops. */
export function onLastDrop(listener: Listener): () => void {
  return onPublicEvent(LAST_DROP_EVENT, listener);
}

/** Whether the shared connection is open (for tests and diagnostics). */
export function publicChannelOpen(): boolean {
  return client?.connection.state === 'connected';
}
