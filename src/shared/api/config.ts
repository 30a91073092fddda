// The public runtime configuration served at GET /api/config.
import { z } from 'zod';

/** Schema of GET /api/config. */
export const publicConfigSchema = z.object({
  api_url: z.string(), // origin of the API
  socket_url: z.string(), // socket.io origin (namespaces /crash, /wheel)
  socket_url_staging: z.string().nullable(), // socket.io origin when the page host name contains "stage" (spec §7)
  pusher: z.object({
    key: z.string(),
    cluster: z.string(),
    ws_host: z.string(),
    ws_port: z.number().int(),
    force_tls: z.boolean(),
  }),
  recaptcha_site_key: z.string().nullable(),
  rating_widget_url: z.string().nullable(), // the rating widget's script (spec §7), null: none
  oauth: z.object({ client_id: z.string(), client_secret: z.string() }), // first-party client of the SPA
  gtm_id: z.string().nullable(),
  giftcard_reseller_url: z.string().url(), // base of the gift-card Buy links (?amount= is appended)
  // the round games' pace in ms (the spec's unless the server is configured otherwise, e.g. for browser tests)
  round_pace: z.object({
    crash: z.object({ betting_ms: z.number().int(), ended_ms: z.number().int() }),
    wheel: z.object({ betting_ms: z.number().int(), ended_ms: z.number().int() }),
  }),
});

/** GET /api/config response. */
export type PublicConfig = z.infer<typeof publicConfigSchema>;
