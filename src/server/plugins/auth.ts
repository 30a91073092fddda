// Bearer authentication: routes declared with `auth: true` get `user` or answer 401. The instant
// bets on PostgreSQL (`auth: 'pending'`) may take a token this process accepted lately without a
// lookup: it stays pending until their one statement checks it (modules/auth/token-cache.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { accessHash, verifyAccessToken, type AuthUser } from '../modules/auth/tokens.ts';
import { pendingToken } from '../modules/auth/token-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves the bearer token of a request to its user, or throws 401. */
    authenticate(request: FastifyRequest): Promise<AuthUser>;
    /** As `authenticate`, but on PostgreSQL a token accepted lately resolves without a lookup, its
     * user carrying `pending`: the caller's statement must check it (token-cache.ts). */
    authenticatePending(request: FastifyRequest): Promise<AuthUser>;
  }
}

/** The bearer token of a request, if any. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const m = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return m ? m[1]! : null;
}

/** Installs `app.authenticate` and `app.authenticatePending`. */
export function authPlugin(
  app: FastifyInstance,
  { db, dialect }: Database,
  secret: string,
  clock: () => number = Date.now,
): void {
  const pending = dialect === 'postgres'; // (SQLite's lookups are grouped reads: nothing to save)
  const authenticate = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const user = token ? await verifyAccessToken(db, secret, token, clock(), pending) : null;
    if (!user) throw new HttpError(401, 'Unauthenticated.');
    return user;
  };
  app.decorate('authenticate', authenticate);
  app.decorate('authenticatePending', async (request: FastifyRequest) => {
    const token = pending ? bearerToken(request) : null;
    const trusted = token ? pendingToken(db, accessHash(secret, token), clock()) : undefined;
    return trusted ? { id: trusted.userId, tokenId: trusted.id, pending: trusted } : authenticate(request);
  });
}
