// The honest floor of a bet on PostgreSQL: a bare Fastify route (bare-auth-tx-route.ts) over a
// pg.Pool as large as the app's (PG_POOL_SIZE, src/server/config.ts) on DATABASE_URL, in tables
// of its own: look up the bearer token's keyed hash, then BEGIN, one conditional UPDATE of a
// balance, COMMIT on one pooled connection. No framework plugins, no logging, no fairness, no ledger.
import pg from 'pg';
import { serveFloor } from './bare-auth-tx-route.ts';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.PG_POOL_SIZE ?? 20) });

await serveFloor({
  async setup(hashes, expiresAt) {
    await pool.query(`
      create table floor_users (id bigint primary key, balance_cents bigint not null);
      create table floor_tokens (id bigserial primary key, user_id bigint not null, access_hash text not null unique,
        access_expires_at bigint not null, revoked_at bigint);
    `);
    await pool.query(`insert into floor_users (id, balance_cents) select i, $2 from generate_series(1, $1::int) i`, [
      hashes.length,
      Number.MAX_SAFE_INTEGER,
    ]);
    await pool.query(
      `insert into floor_tokens (user_id, access_hash, access_expires_at)
       select ord, h, $2 from unnest($1::text[]) with ordinality as t(h, ord)`,
      [hashes, expiresAt],
    );
  },
  async userOf(accessHash, now) {
    const { rows } = await pool.query<{ user_id: string }>(
      'select user_id from floor_tokens where access_hash = $1 and revoked_at is null and access_expires_at > $2',
      [accessHash, now],
    );
    return rows[0] ? Number(rows[0].user_id) : undefined;
  },
  async debit(userId, cents) {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query<{ balance_cents: string }>(
        'update floor_users set balance_cents = balance_cents - $1 where id = $2 and balance_cents >= $1 returning balance_cents',
        [cents, userId],
      );
      await client.query('commit');
      return rows[0] ? Number(rows[0].balance_cents) : undefined;
    } catch (e) {
      await client.query('rollback');
      throw e;
    } finally {
      client.release();
    }
  },
});
