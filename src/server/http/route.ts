// Declares an HTTP route with zod schemas: validates input, types the handler, and records
// the route for the OpenAPI document. Routes files call `defineRoute`, nothing else.
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import { type ZodType } from 'zod';
import { fieldError, handleError, HttpError, zodErrors } from './errors.ts';
import type { AuthUser } from '../modules/auth/tokens.ts';
import { checksOwnInput, nulField, nulFieldMessage } from './nul-guard.ts';

/** What a route declares; schemas are optional per part. */
export interface RouteSpec<B extends ZodType, Q extends ZodType, P extends ZodType, R extends ZodType> {
  method: HTTPMethods;
  url: string; // Fastify syntax, e.g. /api/boxes/:slug
  summary: string;
  tags?: string[];
  // needs the bearer token: 401 without it, `user` set for the handler; 'pending': the user may carry
  // a token still to be checked by the handler's own statement (plugins/auth.ts), and any error the
  // route answers first checks that token, answering 401 when it is no longer valid
  auth?: boolean | 'pending';
  body?: B;
  query?: Q;
  params?: P;
  response?: R; // 2xx body
  bodyLimit?: number; // bytes
}

/** The parsed inputs a handler receives. */
export interface RouteInput<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  user: AuthUser; // the signed-in player; reading it on a route without `auth: true` throws 401
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Everything recorded for the OpenAPI document. */
export interface RouteRecord {
  method: string;
  url: string;
  summary: string;
  tags: string[];
  auth: boolean;
  body?: ZodType;
  query?: ZodType;
  params?: ZodType;
  response?: ZodType;
}

const registry: RouteRecord[] = [];
const signedIn = new WeakMap<FastifyRequest, AuthUser>(); // the user of an `auth` route's request

/** Routes declared so far (the OpenAPI generator reads them). */
export function declaredRoutes(): readonly RouteRecord[] {
  return registry;
}

function parse<T extends ZodType>(schema: T | undefined, value: unknown): z.infer<T> {
  if (!schema) return value as z.infer<T>;
  const result = schema.safeParse(value);
  if (!result.success) {
    const { message, errors } = zodErrors(result.error);
    throw new HttpError(422, message, errors);
  }
  return result.data;
}

/** The error handler of an `auth: 'pending'` route: a pending token no longer valid answers 401 (as
 * it would have before the body was read), whatever else failed; the error otherwise. */
async function answerPending(error: Error, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const pending = signedIn.get(request)?.pending;
  const refused = pending ? !(await pending.valid().catch(() => true)) : false; // (a failed lookup: the error stands)
  handleError(refused ? new HttpError(401, 'Unauthenticated.') : error, request, reply);
}

/** Registers a route on `app` with validation and documentation. */
export function defineRoute<
  B extends ZodType = ZodType<unknown>,
  Q extends ZodType = ZodType<unknown>,
  P extends ZodType = ZodType<unknown>,
  R extends ZodType = ZodType<unknown>,
>(
  app: FastifyInstance,
  spec: RouteSpec<B, Q, P, R>,
  handler: (input: RouteInput<z.infer<B>, z.infer<Q>, z.infer<P>>) => Promise<z.input<R> | void> | z.input<R> | void,
): void {
  const key = `${spec.method} ${spec.url}`;
  if (!registry.some((r) => `${r.method} ${r.url}` === key)) {
    registry.push({ ...spec, method: String(spec.method), tags: spec.tags ?? [], auth: Boolean(spec.auth) });
  }
  app.route({
    method: spec.method,
    url: spec.url,
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    config: checksOwnInput,
    // Before the body is read: a request without a valid token is refused without the server
    // reading its body (up to a route's limit; multipart uploads are read by the handler, http/multipart.ts).
    ...(spec.auth
      ? {
          onRequest: async (request: FastifyRequest) => {
            const { server } = request;
            signedIn.set(
              request,
              await (spec.auth === 'pending' ? server.authenticatePending : server.authenticate)(request),
            );
          },
        }
      : {}),
    ...(spec.auth === 'pending' ? { errorHandler: answerPending } : {}),
    handler: async (request, reply) => {
      const user = spec.auth ? (signedIn.get(request) ?? null) : null;
      const body = parse(spec.body, request.body ?? {});
      const query = parse(spec.query, request.query ?? {});
      const params = parse(spec.params, request.params ?? {});
      const nul = nulField(params) ?? nulField(query) ?? nulField(body);
      if (nul) throw fieldError(nul, nulFieldMessage); // PostgreSQL refuses U+0000 in text
      const input = {
        body,
        query,
        params,
        request,
        reply,
        get user(): AuthUser {
          if (!user) throw new HttpError(401, 'Unauthenticated.');
          return user;
        },
      };
      return handler(input);
    },
  });
}
