// What both floors of a bet (bare-auth-tx.ts on SQLite, bare-auth-tx-pg.ts on PostgreSQL) share:
// FLOOR_PLAYERS players (default 1) with one bearer token each, stored as a keyed hash like the
// app's, and a bare Fastify POST /bet with no plugins or logging that looks the token's hash up
// and debits the balance in one transaction. Prints one "token …" line per player, then
// "listening URL".
import { createHmac, randomBytes } from 'node:crypto';
import Fastify from 'fastify';

/** The storage half of a floor. */
export interface FloorStore {
  /** Creates the players, player i holding the token whose keyed hash is hashes[i]. */
  setup(hashes: string[], expiresAt: number): Promise<void> | void;
  /** The user of a live token hash, or undefined. */
  userOf(accessHash: string, now: number): Promise<number | undefined> | number | undefined;
  /** Debits `cents` in one transaction when the balance covers it: the balance after, or undefined. */
  debit(userId: number, cents: number): Promise<number | undefined> | number | undefined;
}

/** Sets the store up, then serves the floor's POST /bet. */
export async function serveFloor(store: FloorStore): Promise<void> {
  const secret = randomBytes(32).toString('hex');
  const hash = (token: string) => createHmac('sha256', secret).update(token).digest('hex');
  const tokens = Array.from({ length: Number(process.env.FLOOR_PLAYERS ?? 1) }, () =>
    randomBytes(32).toString('base64url'),
  );
  await store.setup(tokens.map(hash), Date.now() + 3600_000);

  const app = Fastify({ logger: false });
  app.post<{ Body: { amount: number } }>('/bet', async (request, reply) => {
    const m = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const userId = m ? await store.userOf(hash(m[1]!), Date.now()) : undefined;
    if (userId === undefined) return reply.code(401).send({ message: 'Unauthenticated.' });
    const balance = await store.debit(userId, Math.round(request.body.amount * 100));
    if (balance === undefined) return reply.code(422).send({ message: 'Insufficient balance.' });
    return { balance: balance / 100 };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  process.stdout.write(`${tokens.map((t) => `token ${t}\n`).join('')}listening http://127.0.0.1:${port}\n`);
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}
