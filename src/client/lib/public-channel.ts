// Public channels (spec §3, §4): one pusher-js connection without authorisation, shared by every
// listener; `public` carries `lastDrop`, `dice-bets` carries `diceBet`. Channels are joined on first use.
import type Pusher from 'pusher-js';
import { runtimeConfig } from './runtime-config.ts';
import { createPusher } from './pusher-client.ts';
import { LAST_DROP_EVENT, PUBLIC_CHANNEL } from '../../shared/api/box-open.ts';

type Listener = (data: unknown) => void;

const listeners = new Map<string, Set<Listener>>(); // "channel event" → listeners
const joined = new Set<string>(); // channels subscribed on the connection
let client: Pusher | null = null; // the shared connection, opened on first use
let connecting: Promise<void> | null = null;

async function connect(): Promise<void> {
  client = await createPusher(await runtimeConfig());
}

function join(channel: string): void {
  if (!client || joined.has(channel)) return;
  joined.add(channel);
  client.subscribe(channel).bind_global((event: string, data: unknown) => {
    for (const l of listeners.get(`${channel} ${event}`) ?? []) l(data);
  });
}

/** Calls `listener` for every `event` on a public `channel`; returns an unsubscribe function. */
export function onPublicEvent(event: string, listener: Listener, channel: string = PUBLIC_CHANNEL): () => void {
  const key = `${channel} ${event}`;
  let set = listeners.get(key);
  if (!set) listeners.set(key, (set = new Set()));
  set.add(listener);
  connecting ??= connect().catch((e: unknown) => {
    connecting = null;
    console.warn('public channel failed', e);
  });
  void connecting?.then(() => join(channel));
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
