// A NUL character has no place in any field a player sends, and PostgreSQL refuses it in text
// (`invalid byte sequence for encoding "UTF8": 0x00`): without this guard a `%00` in a path
// parameter or a "\u0000" in a JSON string reached the database and came back as a 500.
// Routes declared with defineRoute check their input after validation (so a field's own rule
// answers first), and refuse with 422 naming the field; every other route (OAuth, channel auth,
// webhooks) is checked by a hook before its handler and refused with 400.
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.ts';

/** The message of a refused field. */
export const nulFieldMessage = 'This field holds a character that is not allowed.';

/** The path ("name", "items.2.slug") of the first string, or key, holding U+0000; null when none does.
 * Binary data (a Buffer, any typed array) holds no text and is never walked: Object.entries over a
 * 6 MB upload made 6 million pairs and held the event loop for seconds (issue 24 item 4). */
export function nulField(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return null;
  for (const [k, v] of Object.entries(value)) {
    const at = path ? `${path}.${k}` : k;
    if (k.includes('\u0000')) return at;
    const found = nulField(v, at, depth + 1);
    if (found) return found;
  }
  return null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    checksOwnInput?: boolean; // defineRoute's routes check their own input (after validation, 422)
  }
}

/** Route config of the routes that check their own input (defineRoute). */
export const checksOwnInput = { checksOwnInput: true } as const;

/** Refuses, with a 400 in the spec's error shape, a request to a route outside defineRoute whose
 * parameters, query or body hold a NUL. */
export function nulGuard(fastify: FastifyInstance): void {
  fastify.addHook('preHandler', (request, reply, done) => {
    const config = request.routeOptions.config as { checksOwnInput?: boolean } | undefined;
    if (!config?.checksOwnInput && (nulField(request.params) || nulField(request.query) || nulField(request.body))) {
      void reply.status(400).send(errorBody('The request holds a character that is not allowed.'));
      return; // the reply is sent: the handler does not run
    }
    done();
  });
}
