// The honest floor of a bet on SQLite: a bare Fastify route (bare-auth-tx-route.ts) over its own
// better-sqlite3 file (same pragmas as the app) that does the least a bet must do: look up the
// bearer token's keyed hash, then one transaction with one conditional UPDATE of a balance and
// COMMIT. No framework plugins, no logging, no fairness, no ledger.
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { serveFloor } from './bare-auth-tx-route.ts';

const sqlite = new SQLite(join(process.env.DATA_DIR!, 'floor.db'));
sqlite.pragma('journal_mode = WAL');
sqlite.pragma('busy_timeout = 5000');
sqlite.pragma('synchronous = NORMAL');
sqlite.exec(`
  create table users (id integer primary key, balance_cents integer not null);
  create table tokens (id integer primary key, user_id integer not null, access_hash text not null unique,
    access_expires_at integer not null, revoked_at integer);
`);
const lookup = sqlite.prepare(
  'select user_id from tokens where access_hash = ? and revoked_at is null and access_expires_at > ?',
);
const update = sqlite.prepare(
  'update users set balance_cents = balance_cents - ? where id = ? and balance_cents >= ? returning balance_cents',
);
const bet = sqlite.transaction((userId: number, cents: number) => update.get(cents, userId, cents));

await serveFloor({
  setup(hashes, expiresAt) {
    const user = sqlite.prepare('insert into users (id, balance_cents) values (?, ?)');
    const token = sqlite.prepare('insert into tokens (user_id, access_hash, access_expires_at) values (?, ?, ?)');
    hashes.forEach((h, i) => {
      user.run(i + 1, Number.MAX_SAFE_INTEGER);
      token.run(i + 1, h, expiresAt);
    });
  },
  userOf: (accessHash, now) => (lookup.get(accessHash, now) as { user_id: number } | undefined)?.user_id,
  debit: (userId, cents) => (bet.immediate(userId, cents) as { balance_cents: number } | undefined)?.balance_cents,
});
