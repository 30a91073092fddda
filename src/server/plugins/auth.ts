// Bearer authentication: routes declared with `auth: true` get `user` or answer 401.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DB } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { verifyAccessToken, type AuthUser } from '../modules/auth/tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves the bearer token of a request to its user, or throws 401. */
    authenticate(request: FastifyRequest): Promise<AuthUser>;
  }
}

/** The bearer token of a request, if any. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const m = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return m ? m[1]! : null;
}

/** Installs `app.authenticate`. */
export function authPlugin(app: FastifyInstance, db: DB, secret: string, clock: () => number = Date.now): void {
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const user = token ? await verifyAccessToken(db, secret, token, clock()) : null;
    if (!user) throw new HttpError(401, 'Unauthenticated.');
    return user;
  });
}
