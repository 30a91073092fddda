// Settled wagers (issue 24): every programme — XP and levels, "wagered", affiliate commission, the
// free-loot allowance, the leaderboard and cashback — counts a wager only once it has SETTLED, from
// one row per settled wager written in the transaction that settles it (wallet/settled-wagers.ts).
// A wager refunded or canceled never gets a row, so it earns nothing. `wager_key` is the stake
// debit's ledger idempotency key (UNIQUE: a wager settles once); `edge_units` = stake × the edge of
// its game and table (shared/economics/house-edge.ts).
//
// Backfill: every wager debit of the ledger that settled, at the edge of its game (the lowest of its
// tables: the ledger does not say which plinko table or wheel colour). Not a refunded one, and not
// one still open (an active wheel or crash bet, a seat of a waiting or running battle): that one is
// credited by its settlement, or never if it is refunded. users.wagered_cents and edge_units drop by
// what refunded and open wagers had credited at their debit (at the edges of then); levels are kept
// (they never go down). Affiliates' claimed_cents are rescaled from the old 25 % commission to 15 %
// (× 3/5), so what they were paid counts at the new rate and new play earns at once.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { idColumn } from './columns.ts';
import { WAGER_KINDS, wagerEdgeBp } from '../../../shared/economics/house-edge.ts';

// What the ledger credited at the debit, before this migration, per kind that settles later
// (shared/levels.ts WAGER_EDGE_BP then).
const OLD_EDGE_BP: Record<string, number> = { wheel_bet: 370, battle: 740, crash_bet: 100 };
// A refund's key from its stake's: wheel:bet:{bet} → wheel:refund:{bet}; battle:{id}:seat:{s} → battle:{id}:refund:{s}
const refundKey = sql`replace(replace(l.idempotency_key, 'wheel:bet:', 'wheel:refund:'), ':seat:', ':refund:')`;
// A stake not settled: refunded, or its bet, round or battle still open
const unsettled = sql`(
  (l.kind in ('wheel_bet', 'battle')
    and exists (select 1 from ledger r where r.idempotency_key = ${refundKey} and r.user_id = l.user_id))
  or (l.kind = 'wheel_bet' and l.reference in (select 'wheel_bet:' || id from wheel_bets where status = 'active'))
  or (l.kind = 'crash_bet' and l.reference in (select 'crash_bet:' || id from crash_bets where status = 'active'))
  or (l.kind = 'battle'
    and l.reference in (select 'battle:' || id from battles where status in ('waiting', 'running'))))`;

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('settled_wagers'), dialect)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('table_key', 'varchar(24)', (c) => c.notNull())
    .addColumn('stake_cents', 'bigint', (c) => c.notNull())
    .addColumn('edge_units', 'bigint', (c) => c.notNull())
    .addColumn('wager_key', 'varchar(120)', (c) => c.notNull().unique())
    .addColumn('settled_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('settled_wagers_user_time_idx')
    .on('settled_wagers')
    .columns(['user_id', 'settled_at'])
    .execute();
  await db.schema.createIndex('settled_wagers_time_idx').on('settled_wagers').column('settled_at').execute();

  // cashback claims record the window's settled play (the net loss they recorded is kept for old rows)
  await db.schema
    .alterTable('cashback_claims')
    .addColumn('wagered_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('cashback_claims')
    .addColumn('edge_units', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  const rate = sql.join(
    WAGER_KINDS.map((kind) => sql`when ${kind} then ${wagerEdgeBp(kind)}`),
    sql` `,
  );
  const kinds = sql.join(WAGER_KINDS.map((k) => sql`${k}`));
  await sql`insert into settled_wagers (user_id, kind, table_key, stake_cents, edge_units, wager_key, settled_at)
    select l.user_id, l.kind, '', -l.delta_cents, -l.delta_cents * (case l.kind ${rate} else 0 end),
      l.idempotency_key, l.created_at
    from ledger l
    where l.delta_cents < 0 and l.kind in (${kinds}) and not ${unsettled}`.execute(db);

  const oldRate = sql.join(
    Object.entries(OLD_EDGE_BP).map(([kind, bp]) => sql`when ${kind} then ${bp}`),
    sql` `,
  );
  const { rows } = await sql<{ user_id: number | string; stake: number | string; units: number | string }>`
    select l.user_id, sum(-l.delta_cents) as stake, sum(-l.delta_cents * (case l.kind ${oldRate} else 0 end)) as units
    from ledger l
    where l.delta_cents < 0 and l.kind in ('wheel_bet', 'battle', 'crash_bet') and ${unsettled}
    group by l.user_id`.execute(db);
  for (const r of rows) {
    await sql`update users set
        wagered_cents = case when wagered_cents > ${Number(r.stake)} then wagered_cents - ${Number(r.stake)} else 0 end,
        edge_units = case when edge_units > ${Number(r.units)} then edge_units - ${Number(r.units)} else 0 end
      where id = ${Number(r.user_id)}`.execute(db);
  }
  await sql`update referral_links set claimed_cents = claimed_cents * 3 / 5`.execute(db);
}
