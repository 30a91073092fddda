// The honest floor of a bet: a bare Fastify route over its own better-sqlite3 file (same pragmas as
// the app) that does the least a bet must do: look up the bearer token's keyed hash, then one
// transaction with one conditional UPDATE of a balance and COMMIT. No framework plugins, no
// logging, no fairness, no ledger. Prints its token before "listening URL".
import { createHmac, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';

const secret = randomBytes(32).toString('hex');
const hash = (token: string) => createHmac('sha256', secret).update(token).digest('hex');

const sqlite = new SQLite(join(process.env.DATA_DIR!, 'floor.db'));
sqlite.pragma('journal_mode = WAL');
sqlite.pragma('busy_timeout = 5000');
sqlite.pragma('synchronous = NORMAL');
sqlite.exec(`
  create table users (id integer primary key, balance_cents integer not null);
  create table tokens (id integer primary key, user_id integer not null, access_hash text not null unique,
    access_expires_at integer not null, revoked_at integer);
`);
const token = randomBytes(32).toString('base64url');
sqlite.prepare('insert into users (id, balance_cents) values (1, ?)').run(Number.MAX_SAFE_INTEGER);
sqlite
  .prepare('insert into tokens (user_id, access_hash, access_expires_at) values (1, ?, ?)')
  .run(hash(token), Date.now() + 3600_000);

const lookup = sqlite.prepare(
  'select user_id from tokens where access_hash = ? and revoked_at is null and access_expires_at > ?',
);
const debit = sqlite.prepare(
  'update users set balance_cents = balance_cents - ? where id = ? and balance_cents >= ? returning balance_cents',
);
const bet = sqlite.transaction((userId: number, cents: number) => debit.get(cents, userId, cents));

const app = Fastify({ logger: false });
app.post<{ Body: { amount: number } }>('/bet', async (request, reply) => {
  const m = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  const row = m ? (lookup.get(hash(m[1]!), Date.now()) as { user_id: number } | undefined) : undefined;
  if (!row) return reply.code(401).send({ message: 'Unauthenticated.' });
  const updated = bet.immediate(row.user_id, Math.round(request.body.amount * 100)) as
    { balance_cents: number } | undefined;
  if (!updated) return reply.code(422).send({ message: 'Insufficient balance.' });
  return { balance: updated.balance_cents / 100 };
});
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
process.stdout.write(`token ${token}\nlistening http://127.0.0.1:${port}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
