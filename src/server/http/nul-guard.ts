// A NUL character has no place in any field a player sends, and PostgreSQL refuses it in text
// (`invalid byte sequence for encoding "UTF8": 0x00`): without this guard a `%00` in a path
// parameter or a "\u0000" in a JSON string reached the database and came back as a 500.
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.ts';

/** True when a string anywhere in the value (keys included) holds U+0000. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  for (const [k, v] of Object.entries(value)) if (k.includes('\u0000') || holdsNul(v, depth + 1)) return true;
  return false;
}

/** Refuses, with a 400 in the spec's error shape, a request whose parameters or body hold a NUL. */
export function nulGuard(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', async (request, reply) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body))
      return reply.status(400).send(errorBody('The request holds a character that is not allowed.'));
  });
}
