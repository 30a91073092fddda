// The player's private channel (spec §4): pusher-js subscribes to private-users.{id}, authorised
// with the bearer token; balanceUpdated goes through the session store (held while busy),
// supportReply (an operator answered a ticket) through the support store and a toast.
import type Pusher from 'pusher-js';
import { getCookie } from './cookies.ts';
import { runtimeConfig } from './runtime-config.ts';
import { createPusher } from './pusher-client.ts';
import { useSession } from '../stores/session.ts';
import { useSupport } from '../stores/support.ts';
import { toast } from '../components/ui/toaster.tsx';
import { SUPPORT_REPLY_EVENT, supportReplyEventSchema } from '../../shared/api/support.ts';

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
    const config = await runtimeConfig();
    if (stopped) return;
    // Read the cookie at each authorisation so a refreshed token is used.
    client = await createPusher(config, () => ({
      Authorization: `Bearer ${getCookie('token') ?? ''}`,
      Accept: 'application/json',
    }));
    if (stopped) return client.disconnect();
    const channel = client.subscribe(`private-users.${userId}`);
    channel.bind('balanceUpdated', (e: BalanceUpdated) => {
      if (typeof e?.current_balance === 'number') useSession.getState().applyBalance(e.current_balance);
    });
    channel.bind(SUPPORT_REPLY_EVENT, (e: unknown) => {
      const reply = supportReplyEventSchema.safeParse(e);
      if (!reply.success) return;
      useSupport.getState().applyReply(reply.data);
      toast.info(`Support replied: ${reply.data.subject}`);
    });
  })().catch((e: unknown) => console.warn('private channel failed', e));
  return () => {
    stopped = true;
    client?.disconnect();
  };
}
