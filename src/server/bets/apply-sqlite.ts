// Executor 2: a plan applied as ONE synchronous job of SQLite's group commit (db/transact.ts
// transactSync): the bets without an Idempotency-Key. The job reads the player's active pair, plans
// on it (so it is never stale: the job holds the one writer) and applies the plan on prepared
// statements: every refusal checked before the first write (the group commit runs its batches
// without savepoints: the user rows, the claimed rows still there), the nonce by compare-and-set,
// the claimed rows taken, the rows and their links, one conditional UPDATE per user
// (wallet/ledger.ts) that also raises the level, the settled wagers and the ledger rows (one
// multi-row INSERT each). No RETURNING (see db/hot/statements.ts): ids from lastInsertRowid,
// balances from the row read before the writes. Fewer statements is where a bet's time goes
// here: the player's row and active pair are ONE read (readPlayerSync), and every statement is
// prepared once per shape and found again without building a key string per bet.
import type SQLite from 'better-sqlite3';
import { insertedId, writerStatements } from '../db/hot/statements.ts';
import { raisedLevel } from '../modules/wallet/settled-wagers.ts';
import { refuseClaim, refuseTotals } from './refusals.ts';
import {
  moveOffsets,
  resolveValue,
  seedPairOf,
  StalePair,
  StaleRow,
  userTotals,
  type Applied,
  type BetPlan,
  type PlanClaim,
  type PlanUpdate,
  type SeedPair,
  type Value,
} from './plan.ts';

interface BetStatements {
  player: SQLite.Statement<[number]>;
  takeNonces: SQLite.Statement<[number, number, number, string, string]>;
  moveUser: SQLite.Statement<[number, number, number, number, number, number, number, number]>;
  ledger: SQLite.Statement<Value[]>[]; // by row count − 1
  settled: SQLite.Statement<Value[]>[]; // by row count − 1
  inserts: Map<string, { cols: string[]; insert: SQLite.Statement<Value[]> }[]>; // per table, per column list
  updates: Map<string, SQLite.Statement<(number | string)[]>>;
  counters: Map<string, SQLite.Statement<(number | string)[]>>;
  claims: Map<string, SQLite.Statement<(number | string)[]>>;
  links: Map<string, SQLite.Statement<Value[]>>;
}

/** The user row a job checks and goes on from (writerStatements userRow). */
interface BetUser {
  balance_cents: number;
  self_excluded_until: number | null;
  edge_units: number;
  level: number;
  name: string;
}

/** The player as one job reads them before planning: their user row (undefined without one) and
 * active pair (null without one: a first bet). */
export interface PlayerRead {
  userId: number;
  user: BetUser | undefined;
  pair: SeedPair | null;
}

const LEDGER_COLUMNS =
  '"user_id", "delta_cents", "balance_after_cents", "kind", "reference", "idempotency_key", "created_at"';
const SETTLED_COLUMNS = '"user_id", "kind", "table_key", "stake_cents", "edge_units", "wager_key", "settled_at"';

/** An INSERT of `rows` rows of 7 values into `table` (ledger, settled_wagers), prepared once per count. */
function insertRows(
  sqlite: SQLite.Database,
  cache: SQLite.Statement<Value[]>[],
  table: string,
  columns: string,
  rows: number,
): SQLite.Statement<Value[]> {
  let statement = cache[rows - 1];
  if (!statement) {
    const values = Array.from({ length: rows }, () => '(?, ?, ?, ?, ?, ?, ?)').join(', ');
    statement = cache[rows - 1] = sqlite.prepare(`insert into "${table}" (${columns}) values ${values}`);
  }
  return statement;
}

const prepared = new WeakMap<SQLite.Database, BetStatements>();

function statements(sqlite: SQLite.Database): BetStatements {
  let s = prepared.get(sqlite);
  if (s) return s;
  s = {
    // the player's user row and active pair (its columns null without one)
    player: sqlite.prepare(
      `select "u"."balance_cents", "u"."self_excluded_until", "u"."edge_units", "u"."level", "u"."name",
       "f"."id", "f"."server_seed", "f"."server_seed_hash", "f"."client_seed", "f"."nonce"
       from "users" as "u" left join "fair_seeds" as "f" on "f"."user_id" = "u"."id" and "f"."slot" = 'active'
       where "u"."id" = ?`,
    ),
    // the compare-and-set of the pair's nonce: count, pair id, expected nonce, its seeds
    takeNonces: sqlite.prepare(
      `update "fair_seeds" set "nonce" = "nonce" + ?
       where "id" = ? and "nonce" = ? and "server_seed_hash" = ? and "client_seed" = ?`,
    ),
    // the ledger's conditional UPDATE for a user's moves: net, wagered, edge units, the level the
    // edge units reach (raisedLevel), id, need, wager?, now
    moveUser: sqlite.prepare(
      `update "users" set "balance_cents" = "balance_cents" + ?, "wagered_cents" = "wagered_cents" + ?,
       "edge_units" = "edge_units" + ?, "level" = max("level", ?)
       where "id" = ? and "balance_cents" >= ?
         and (? = 0 or "self_excluded_until" is null or "self_excluded_until" <= ?)`,
    ),
    ledger: [],
    settled: [],
    inserts: new Map(),
    updates: new Map(),
    counters: new Map(),
    claims: new Map(),
    links: new Map(),
  };
  prepared.set(sqlite, s);
  return s;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The player's user row and active pair, in one read (see PlayerRead). */
export function readPlayerSync(sqlite: SQLite.Database, userId: number): PlayerRead {
  const r = statements(sqlite).player.get(userId) as
    | (BetUser & {
        id: number | null;
        server_seed: string;
        server_seed_hash: string;
        client_seed: string;
        nonce: number;
      })
    | undefined;
  if (!r) return { userId, user: undefined, pair: null };
  const { balance_cents, self_excluded_until, edge_units, level, name } = r;
  const user = { balance_cents, self_excluded_until, edge_units, level, name };
  return { userId, user, pair: r.id === null ? null : seedPairOf(r as typeof r & { id: number }) };
}

/** The prepared INSERT of `table` with these columns (found by comparing the column lists). */
function insertOf(sqlite: SQLite.Database, s: BetStatements, table: string, cols: string[]): SQLite.Statement<Value[]> {
  let shapes = s.inserts.get(table);
  if (!shapes) s.inserts.set(table, (shapes = []));
  for (const shape of shapes) if (sameColumns(shape.cols, cols)) return shape.insert;
  const insert = sqlite.prepare<Value[]>(
    `insert into ${quote(table)} (${cols.map(quote).join(', ')}) values (${cols.map(() => '?').join(', ')})`,
  );
  shapes.push({ cols, insert });
  return insert;
}

function sameColumns(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Checks the one row `u` names, or (`add`) adds to it; StaleRow when it no longer matches. */
function updateRow(sqlite: SQLite.Database, s: BetStatements, u: PlanUpdate, add: boolean): void {
  const where = Object.keys(u.where);
  const adds = add ? Object.keys(u.add) : [];
  const shape = `${u.table}(${where.join(',')}|${adds.join(',')})`;
  let statement = s.updates.get(shape);
  if (!statement) {
    const cond = where.map((c) => `${quote(c)} = ?`).join(' and ');
    const sets = adds.map((c) => `${quote(c)} = ${quote(c)} + ?`).join(', ');
    statement = sqlite.prepare(
      add
        ? `update ${quote(u.table)} set ${sets} where ${cond}`
        : `select count(*) as n from ${quote(u.table)} where ${cond}`,
    );
    s.updates.set(shape, statement);
  }
  const whereValues = Object.values(u.where);
  const changed = add
    ? statement.run(...Object.values(u.add), ...whereValues).changes
    : (statement.get(...whereValues) as { n: number }).n;
  if (changed !== 1) throw new StaleRow(u.table);
}

/** Counts (`take` false) or takes the rows `c` claims; its refusal when any is no longer there. */
function claimRows(sqlite: SQLite.Database, s: BetStatements, c: PlanClaim, take: boolean): void {
  const where = Object.keys(c.where);
  const sets = take ? Object.keys(c.set) : [];
  const shape = `${c.table}(${c.ids.length}|${where.join(',')}|${sets.join(',')})`;
  let statement = s.claims.get(shape);
  if (!statement) {
    const cond = `"id" in (${c.ids.map(() => '?').join(', ')})${where.map((w) => ` and ${quote(w)} = ?`).join('')}`;
    statement = sqlite.prepare(
      take
        ? `update ${quote(c.table)} set ${sets.map((col) => `${quote(col)} = ?`).join(', ')} where ${cond}`
        : `select count(*) as n from ${quote(c.table)} where ${cond}`,
    );
    s.claims.set(shape, statement);
  }
  const whereValues = [...c.ids, ...Object.values(c.where)];
  const found = take
    ? statement.run(...Object.values(c.set), ...whereValues).changes
    : (statement.get(...whereValues) as { n: number }).n;
  if (found !== c.ids.length) refuseClaim(c);
}

/** Sets a plan row's `link` columns once every row is in (they may name later rows). */
function linkRow(
  sqlite: SQLite.Database,
  s: BetStatements,
  table: string,
  id: number,
  link: Record<string, Value>,
  ids: readonly number[],
): void {
  const cols = Object.keys(link);
  const shape = `${table}(${cols.join(',')})`;
  let statement = s.links.get(shape);
  if (!statement) {
    const sets = cols.map((col) => `${quote(col)} = ?`).join(', ');
    statement = sqlite.prepare(`update ${quote(table)} set ${sets} where "id" = ?`);
    s.links.set(shape, statement);
  }
  statement.run(...cols.map((col) => resolveValue(link[col]!, ids)), id);
}

/** Applies `plan` inside the open synchronous job (see the file comment); `read`: a user row this
 * job already read (readPlayerSync), not read again. */
export function applyPlanSync(sqlite: SQLite.Database, plan: BetPlan, read?: PlayerRead): Applied {
  const s = statements(sqlite);
  const totals = userTotals(plan);
  const users = new Map<number, BetUser>();
  for (const t of totals) {
    const row =
      read?.userId === t.userId ? read.user : (writerStatements(sqlite).userRow.get(t.userId) as BetUser | undefined);
    if (row) users.set(t.userId, row);
  }
  for (const u of plan.updates) updateRow(sqlite, s, u, false); // a stale row first: nothing else was planned on
  refuseTotals(totals, (id) => users.get(id), plan.now); // before the first write
  const claims = plan.claims ?? [];
  for (const c of claims) claimRows(sqlite, s, c, false);
  const player = users.get(plan.userId)!; // refuseTotals: the player is in the totals
  const { pair } = plan;
  if (s.takeNonces.run(plan.nonces, pair.id, pair.nonce, pair.serverSeedHash, pair.clientSeed).changes === 0)
    throw new StalePair();
  for (const u of plan.updates) if (Object.keys(u.add).length) updateRow(sqlite, s, u, true);
  for (const c of claims) claimRows(sqlite, s, c, true);

  const ids: number[] = [];
  for (const row of plan.rows) {
    const cols = Object.keys(row.values);
    const values: Value[] = [];
    for (const c of cols) values.push(resolveValue(row.values[c]!, ids));
    ids.push(insertedId(insertOf(sqlite, s, row.table, cols).run(...values)));
  }
  for (const [i, row] of plan.rows.entries()) if (row.link) linkRow(sqlite, s, row.table, ids[i]!, row.link, ids);
  for (const c of plan.counters) {
    const keys = Object.keys(c.key);
    const adds = Object.keys(c.add);
    const shape = `${c.table}(${keys.join(',')}|${adds.join(',')})`;
    let upsert = s.counters.get(shape);
    if (!upsert) {
      const cols = [...keys, ...adds].map(quote);
      const sets = adds.map((a) => `${quote(a)} = ${quote(c.table)}.${quote(a)} + excluded.${quote(a)}`);
      upsert = sqlite.prepare(
        `insert into ${quote(c.table)} (${cols.join(', ')}) values (${cols.map(() => '?').join(', ')})
         on conflict (${keys.map(quote).join(', ')}) do update set ${sets.join(', ')}`,
      );
      s.counters.set(shape, upsert);
    }
    upsert.run(...Object.values(c.key), ...Object.values(c.add));
  }

  const balances = new Map<number, number>();
  for (const t of totals) {
    const u = users.get(t.userId)!;
    const level = t.edgeUnits > 0 ? raisedLevel(Number(u.edge_units) + t.edgeUnits, Number(u.level)) : null;
    const { changes } = s.moveUser.run(
      t.netCents,
      t.stakeCents,
      t.edgeUnits,
      level ?? Number(u.level),
      t.userId,
      t.needCents,
      t.wager ? 1 : 0,
      plan.now,
    );
    if (changes === 0) throw new Error(`a bet's user row ${t.userId} changed within its job`);
    balances.set(t.userId, Number(u.balance_cents) + t.netCents);
  }
  const settled: Value[] = [];
  for (const m of plan.moves) {
    if (m.settles) settled.push(m.userId, m.kind, m.settles.table, -m.deltaCents, m.settles.edgeUnits, m.key, plan.now);
  }
  if (settled.length)
    insertRows(sqlite, s.settled, 'settled_wagers', SETTLED_COLUMNS, settled.length / 7).run(...settled);
  const offsets = moveOffsets(plan);
  const ledger: Value[] = [];
  for (let i = 0; i < plan.moves.length; i++) {
    const m = plan.moves[i]!;
    const reference = resolveValue(m.reference, ids);
    ledger.push(m.userId, m.deltaCents, balances.get(m.userId)! + offsets[i]!, m.kind, reference, m.key, plan.now);
  }
  if (ledger.length) insertRows(sqlite, s.ledger, 'ledger', LEDGER_COLUMNS, ledger.length / 7).run(...ledger);
  return { ids, balances, userName: player.name };
}
