// Fewer index pages per instant bet (issue 27). With many players betting at once every index keyed
// by player or seed puts one more leaf page per bet into each group COMMIT (two pwrites each, ~30 %
// of a SQLite dice bet's CPU). Every read stays indexed and every uniqueness that protects money
// stays (tests/server/bets/bet-indexes.test.ts):
//   - ledger (user_id, kind, created_at) → (user_id, created_at, kind): a bet's debit and win (two
//     kinds, one instant) are neighbours in one leaf instead of two. Every per-player read filters
//     by user and time (free loot's deposits, the money check by user, battle wins), still a range
//     of this index;
//   - settled_wagers' UNIQUE (wager_key) only where a wager settles AFTER its stake's transaction
//     (crash, wheel, battle: creditSettledWager's ON CONFLICT names this predicate). An instant
//     game's row (kind in SETTLED_WITH_STAKE) is written in the transaction of its stake's ledger debit,
//     whose key (ledger.idempotency_key, UNIQUE) is its wager_key: that key keeps it once;
//   - dice_bets' UNIQUE (server_seed_hash, nonce) dropped: nothing reads dice bets by seed, and
//     every dice bet writes its stake's ledger debit `dice:{hash}:{nonce}:bet` (UNIQUE) in its
//     transaction, so a seed and nonce still bet once (and the pair's nonce moves by compare-and-set).
// SQLite cannot drop a table's own UNIQUE: settled_wagers and dice_bets are rebuilt (SQLite's
// documented way: new table, copy, drop, rename; ids and the AUTOINCREMENT sequence kept).
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

// wallet/settled-wagers.ts SETTLED_WITH_STAKE as of this migration (its ON CONFLICT names the same
// predicate: a list that drifts from this one fails there, tests/server/money/settled-wagers.test.ts)
const SETTLED_WITH_STAKE = ['bet', 'plinko_bet', 'box', 'user_box', 'upgrade'];

/** SQLite: `table` rebuilt from its CREATE statement with `fragment` (which must be there) replaced. */
async function rebuildWith(db: Kysely<unknown>, table: string, fragment: string, replacement: string): Promise<void> {
  const { rows } = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  const create = rows[0]?.sql ?? '';
  if (!create.includes(fragment)) throw new Error(`0037: ${table} has no ${fragment}`);
  const copy = `${table}_0037`;
  const created = create.replace(fragment, replacement).replace(`CREATE TABLE "${table}"`, `CREATE TABLE "${copy}"`);
  if (!created.startsWith(`CREATE TABLE "${copy}"`)) throw new Error(`0037: unexpected CREATE of ${table}`);
  const seq = await sql<{ seq: number }>`select seq from sqlite_sequence where name = ${table}`.execute(db);
  await sql.raw(created).execute(db);
  await sql.raw(`insert into "${copy}" select * from "${table}"`).execute(db);
  await sql.raw(`drop table "${table}"`).execute(db);
  await sql.raw(`alter table "${copy}" rename to "${table}"`).execute(db);
  if (seq.rows[0]) await sql`update sqlite_sequence set seq = ${seq.rows[0].seq} where name = ${table}`.execute(db);
}

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // `kind <> … and …`, not `not in (…)`: PostgreSQL prints that back in a form that reads in again
  // differently (pg_dump's copy of the index would differ from the migrated one)
  const settlesLater = sql.join(
    SETTLED_WITH_STAKE.map((k) => sql`kind <> ${sql.lit(k)}`),
    sql` and `,
  );
  const step = async (trx: Kysely<unknown>) => {
    await trx.schema.dropIndex('ledger_user_kind_time_idx').execute();
    await trx.schema
      .createIndex('ledger_user_time_kind_idx')
      .on('ledger')
      .columns(['user_id', 'created_at', 'kind'])
      .execute();
    if (dialect === 'postgres') {
      await sql`alter table settled_wagers drop constraint settled_wagers_wager_key_key`.execute(trx);
      await sql`alter table dice_bets drop constraint dice_bets_seed_nonce_uq`.execute(trx);
    } else {
      await rebuildWith(
        trx,
        'settled_wagers',
        '"wager_key" varchar(120) not null unique',
        '"wager_key" varchar(120) not null',
      );
      await rebuildWith(
        trx,
        'dice_bets',
        ', constraint "dice_bets_seed_nonce_uq" unique ("server_seed_hash", "nonce")',
        '',
      );
      // the indexes went with the old tables
      await trx.schema
        .createIndex('settled_wagers_user_time_idx')
        .on('settled_wagers')
        .columns(['user_id', 'settled_at'])
        .execute();
      await trx.schema.createIndex('settled_wagers_time_idx').on('settled_wagers').column('settled_at').execute();
      await trx.schema.createIndex('dice_bets_user_idx').on('dice_bets').columns(['user_id', 'id']).execute();
    }
    await sql`create unique index settled_wagers_later_key_uq on settled_wagers (wager_key) where ${settlesLater}`.execute(
      trx,
    );
  };
  // SQLite runs a migration outside a transaction (Kysely): the rebuild must not stop half way
  if (dialect === 'sqlite') await db.transaction().execute(step);
  else await step(db);
}
