// Executor 1: a plan applied in an open Kysely transaction (Idempotency-Key calls, a player's first
// bet, a stale pair's re-plan), on both databases. The caller has locked the user rows
// (wallet/ledger.ts lockUserRows) and read the pair under that lock. The same steps as the other
// executors: every refusal checked on the user rows before the first write, the pair's nonce
// advanced by compare-and-set, the claimed rows taken, the rows (and their links), the ledger's
// conditional UPDATE per user, settled wagers, the level, the ledger rows.
import { sql, type Transaction } from 'kysely';
import type { Tables } from '../db/tables.ts';
import { HttpError } from '../http/errors.ts';
import { raisedLevel } from '../modules/wallet/settled-wagers.ts';
import { refuseClaim, refuseTotals } from './refusals.ts';
import {
  moveOffsets,
  resolveValue,
  settledRows,
  StalePair,
  StaleRow,
  userTotals,
  type Applied,
  type BetPlan,
  type PlanClaim,
  type PlanUpdate,
  type Value,
} from './plan.ts';

type Trx = Transaction<Tables>;

/** Applies `plan` in `trx` (see the file comment). */
export async function applyPlanIn(trx: Trx, plan: BetPlan): Promise<Applied> {
  const totals = userTotals(plan);
  const users = await trx
    .selectFrom('users')
    .select(['id', 'balance_cents', 'self_excluded_until', 'edge_units', 'level', 'name'])
    .where(
      'id',
      'in',
      totals.map((t) => t.userId),
    )
    .execute();
  const byId = new Map(users.map((u) => [Number(u.id), u]));
  if (!byId.has(plan.userId)) throw new HttpError(404, 'User not found.');
  for (const u of plan.updates) await updateRow(trx, u, false); // a stale row first, as nothing else was planned on
  refuseTotals(totals, (id) => byId.get(id), plan.now);

  const { pair } = plan;
  const taken = await trx
    .updateTable('fair_seeds')
    .set((eb) => ({ nonce: eb('nonce', '+', plan.nonces) }))
    .where('id', '=', pair.id)
    .where('nonce', '=', pair.nonce)
    .where('server_seed_hash', '=', pair.serverSeedHash)
    .where('client_seed', '=', pair.clientSeed)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 0) throw new StalePair();
  for (const u of plan.updates) if (Object.keys(u.add).length) await updateRow(trx, u, true);
  for (const c of plan.claims ?? []) await claimRows(trx, c);

  const rowIds: number[] = [];
  for (const row of plan.rows) {
    const values: Record<string, Value> = {};
    for (const [k, v] of Object.entries(row.values)) values[k] = resolveValue(v, rowIds);
    const { id } = await trx
      .insertInto(row.table as 'dice_bets')
      .values(values as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    rowIds.push(Number(id));
  }
  for (const [i, row] of plan.rows.entries()) if (row.link) await linkRow(trx, row.table, rowIds[i]!, row.link, rowIds);
  for (const c of plan.counters) await addToCounter(trx, c.table, c.key, c.add);

  const balances = new Map<number, number>();
  for (const t of totals) {
    const updated = await trx
      .updateTable('users')
      .set((eb) => ({
        balance_cents: eb('balance_cents', '+', t.netCents),
        wagered_cents: eb('wagered_cents', '+', t.stakeCents),
        edge_units: eb('edge_units', '+', t.edgeUnits),
      }))
      .where('id', '=', t.userId)
      .where('balance_cents', '>=', t.needCents)
      .$if(t.wager, (qb) =>
        qb.where((eb) => eb.or([eb('self_excluded_until', 'is', null), eb('self_excluded_until', '<=', plan.now)])),
      )
      .returning(['balance_cents', 'edge_units', 'level'])
      .executeTakeFirst();
    if (!updated) throw new Error(`a bet's user row ${t.userId} changed under its lock`);
    balances.set(t.userId, Number(updated.balance_cents));
    const level = raisedLevel(Number(updated.edge_units), Number(updated.level));
    if (level !== null) await trx.updateTable('users').set({ level }).where('id', '=', t.userId).execute();
  }
  const settled = settledRows(plan);
  if (settled.length) await trx.insertInto('settled_wagers').values(settled).execute();
  const offsets = moveOffsets(plan);
  if (plan.moves.length)
    await trx
      .insertInto('ledger')
      .values(
        plan.moves.map((m, i) => ({
          user_id: m.userId,
          delta_cents: m.deltaCents,
          balance_after_cents: balances.get(m.userId)! + offsets[i]!,
          kind: m.kind,
          reference: resolveValue(m.reference, rowIds) as string | null,
          idempotency_key: m.key,
          created_at: plan.now,
        })),
      )
      .execute();
  return { ids: rowIds, balances, userName: byId.get(plan.userId)!.name };
}

/** Inserts the counter row, or adds to it on its key's conflict (both databases). */
async function addToCounter(
  trx: Trx,
  table: string,
  key: Record<string, number | string>,
  add: Record<string, number>,
): Promise<void> {
  const cols = [...Object.keys(key), ...Object.keys(add)];
  const vals = [...Object.values(key), ...Object.values(add)];
  const sets = Object.keys(add).map(
    (c) => sql`${sql.ref(c)} = ${sql.table(table)}.${sql.ref(c)} + excluded.${sql.ref(c)}`,
  );
  await sql`insert into ${sql.table(table)} (${sql.join(cols.map((c) => sql.ref(c)))})
    values (${sql.join(vals)})
    on conflict (${sql.join(Object.keys(key).map((c) => sql.ref(c)))}) do update set ${sql.join(sets)}`.execute(trx);
}

/** Checks the one row `u` names, or (`add`) adds to it; StaleRow when it no longer matches. */
async function updateRow(trx: Trx, u: PlanUpdate, add: boolean): Promise<void> {
  const where = sql.join(
    Object.entries(u.where).map(([c, v]) => sql`${sql.ref(c)} = ${v}`),
    sql` and `,
  );
  const adds = Object.entries(u.add).map(([c, v]) => sql`${sql.ref(c)} = ${sql.ref(c)} + ${v}`);
  const changed = add
    ? Number(
        (await sql`update ${sql.table(u.table)} set ${sql.join(adds)} where ${where}`.execute(trx)).numAffectedRows,
      )
    : (await sql`select 1 from ${sql.table(u.table)} where ${where}`.execute(trx)).rows.length;
  if (changed !== 1) throw new StaleRow(u.table);
}

/** Takes the rows `c` claims (one conditional UPDATE); its refusal when any is no longer there. */
async function claimRows(trx: Trx, c: PlanClaim): Promise<void> {
  const sets = Object.entries(c.set).map(([col, v]) => sql`${sql.ref(col)} = ${v}`);
  const where = Object.entries(c.where).map(([col, v]) => sql` and ${sql.ref(col)} = ${v}`);
  const { numAffectedRows } = await sql`update ${sql.table(c.table)} set ${sql.join(sets)}
    where ${sql.ref('id')} in (${sql.join(c.ids)})${sql.join(where, sql``)}`.execute(trx);
  if (Number(numAffectedRows) !== c.ids.length) refuseClaim(c);
}

/** Sets a plan row's `link` columns once every row is in (they may name later rows). */
async function linkRow(
  trx: Trx,
  table: string,
  id: number,
  link: Record<string, Value>,
  ids: readonly number[],
): Promise<void> {
  const sets = Object.entries(link).map(([col, v]) => sql`${sql.ref(col)} = ${resolveValue(v, ids)}`);
  await sql`update ${sql.table(table)} set ${sql.join(sets)} where ${sql.ref('id')} = ${id}`.execute(trx);
}
