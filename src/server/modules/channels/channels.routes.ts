// POST /broadcasting/auth: signs a private-channel subscription for the bearer's own channel only.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../../http/route.ts';
import { HttpError } from '../../http/errors.ts';
import { userChannel } from '../../realtime/publisher.ts';
import { channelAuth } from '../../realtime/pusher-auth.ts';
import type { ModuleContext } from '../../module-context.ts';

const body = z.object({
  socket_id: z
    .string({ error: 'The socket id is not valid.' })
    .regex(/^\d{1,20}\.\d{1,20}$/, 'The socket id is not valid.'),
  channel_name: z
    .string({ error: 'The channel name is not valid.' })
    .min(1, 'The channel name is not valid.')
    .max(164, 'The channel name is not valid.'),
});

/** Registers the channel authorisation route. */
export function channelsRoutes(app: FastifyInstance, { config }: ModuleContext): void {
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/broadcasting/auth',
      summary: 'Authorise a private channel subscription',
      tags: ['realtime'],
      auth: true,
      body,
      response: z.object({ auth: z.string() }),
    },
    async ({ body: b, user }) => {
      if (b.channel_name !== userChannel(user.id)) throw new HttpError(403, 'You may not subscribe to this channel.');
      return { auth: channelAuth(config.secrets.pusherKey, config.secrets.pusherSecret, b.socket_id, b.channel_name) };
    },
  );
}
