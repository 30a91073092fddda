// The Pusher HTTP events API on the embedded channel server, so a process that is not a Loot Arcade
// server (the official `pusher` package, another service, a second instance configured with
// PUSHER_HOST) can publish to its channels: POST /apps/{app_id}/events and /batch_events, signed as
// Pusher signs them (realtime/pusher-http-auth.ts). Events go out through the app's publisher, so
// with REDIS_URL they reach the clients of every instance. Pusher's limits: 100 channels an event,
// 10 KB of data, 10 events a batch.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { pusherRequestError } from '../../realtime/pusher-http-auth.ts';
import type { ModuleContext } from '../../module-context.ts';

const channel = z.string().regex(/^[A-Za-z0-9_\-=@,.;]{1,164}$/, 'A channel name is not valid.');
const event = z.object({
  name: z.string().min(1).max(200),
  data: z.string().max(10_240, 'The data is over 10 KB.'),
  channels: z.array(channel).min(1).max(100).optional(),
  channel: channel.optional(),
  socket_id: z.string().optional(), // excluding a sender is not supported: the event goes to everyone
});
const batch = z.object({ batch: z.array(event).min(1).max(10) });

/** Registers the events API (only when this server is the channel server, i.e. without PUSHER_HOST). */
export function eventsApiRoutes(app: FastifyInstance, { config }: ModuleContext): void {
  if (config.pusherHttp) return; // an outside channel server answers the Events API
  const key = { key: config.secrets.pusherKey, secret: config.secrets.pusherSecret };
  void app.register(async (scope) => {
    // the signature covers the raw body: a scope with its own JSON parser
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    for (const kind of ['events', 'batch_events'] as const) {
      defineRoute(
        scope,
        {
          method: 'POST',
          url: `/apps/:appId/${kind}`,
          summary:
            kind === 'events'
              ? 'Pusher HTTP API: trigger an event on up to 100 channels (signed)'
              : 'Pusher HTTP API: trigger up to 10 events (signed)',
          tags: ['realtime'],
          params: z.object({ appId: z.string().max(100) }),
        },
        async ({ request, params }) => {
          if (params.appId !== config.pusherAppId) throw new HttpError(404, 'Unknown app.');
          const raw = typeof request.body === 'string' ? request.body : '';
          const path = `/apps/${params.appId}/${kind}`;
          const query = request.query as Record<string, string>;
          const nowSeconds = Math.floor(Date.now() / 1000); // ms → s (Pusher's auth_timestamp), not money
          const denied = pusherRequestError(key, 'POST', path, query, raw, nowSeconds);
          if (denied) throw new HttpError(401, denied);
          let json: unknown;
          try {
            json = JSON.parse(raw);
          } catch {
            throw new HttpError(400, 'The body is not JSON.');
          }
          const parsed = kind === 'events' ? event.safeParse(json) : batch.safeParse(json);
          if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'The body is not valid.');
          const events = 'batch' in parsed.data ? parsed.data.batch : [parsed.data];
          const sends: { channel: string; name: string; data: unknown }[] = [];
          for (const e of events) {
            const channels = e.channels ?? (e.channel ? [e.channel] : []);
            if (!channels.length) throw new HttpError(400, 'Give channels or channel.');
            let data: unknown;
            try {
              data = JSON.parse(e.data);
            } catch {
              data = e.data; // Pusher passes non-JSON strings through as they are
            }
            for (const c of channels) sends.push({ channel: c, name: e.name, data });
          }
          for (const s of sends) await app.publisher.publish(s.channel, s.name, s.data);
          return kind === 'events' ? {} : { batch: events.map(() => ({})) };
        },
      );
    }
  });
}
