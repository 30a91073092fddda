// The app's JSON body parser: Fastify's own (secure-json-parse, __proto__ refused), behind a linear
// scan that refuses nesting deeper than MAX_JSON_DEPTH with 400 before anything is parsed. No
// request of the API nests beyond a few levels, and JSON.parse of a body of 100,000 nested arrays
// builds 100,000 arrays (~50 ms of the event loop here each time): without the scan a few such
// requests at once held every other request, health checks included, for seconds.
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

/** Deepest nesting of arrays and objects a JSON body may have. */
export const MAX_JSON_DEPTH = 32;

/** True when `text` opens more than `max` arrays/objects inside each other (strings are skipped;
 * malformed text is left to the parser). One pass, stops at the first level over `max`. */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > max) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}

/** Replaces the application/json parser of `fastify` (and of the scopes it will have). */
export function jsonBodyParser(fastify: FastifyInstance): void {
  const parse = fastify.getDefaultJsonParser('error', 'ignore'); // Fastify's defaults
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string; // parseAs: 'string'
    if (nestedDeeperThan(text, MAX_JSON_DEPTH))
      return done(new HttpError(400, 'The request body is nested too deeply.'), undefined);
    parse(request, text, done);
  });
}
