// A private battle's channel, private-battle-{id} (the public battle-{id} never carries it): its own
// pusher-js connection, authorised at POST /api/battles/channel-auth with the bearer token (a player)
// and the invite code of the page's link (?code=); anyone else is refused with 404.
import type Pusher from 'pusher-js';
import { apiHeaders } from '../../lib/api.ts';
import { createPusher } from '../../lib/pusher-client.ts';
import { runtimeConfig } from '../../lib/runtime-config.ts';
import { privateBattleChannel } from '../../../shared/api/battles.ts';

/** Calls `onEvent` for each event of private battle `id` and `onJoined` once subscribed; returns the stop. */
export function watchPrivateBattle(
  id: number,
  code: string | undefined,
  onEvent: (event: string, data: unknown) => void,
  onJoined: () => void,
): () => void {
  let client: Pusher | null = null;
  let stopped = false;
  void (async () => {
    const config = await runtimeConfig();
    if (stopped) return;
    client = await createPusher(
      config,
      () => apiHeaders(),
      '/api/battles/channel-auth',
      () => (code ? { code } : ({} as Record<string, string>)),
    );
    if (stopped) return client.disconnect();
    const channel = client.subscribe(privateBattleChannel(id));
    channel.bind('pusher:subscription_succeeded', onJoined);
    channel.bind_global((event: string, data: unknown) => {
      if (!event.startsWith('pusher')) onEvent(event, data);
    });
  })().catch((e: unknown) => console.warn('battle channel failed', e));
  return () => {
    stopped = true;
    client?.disconnect();
  };
}
