// Executor 2: a plan applied as ONE synchronous job of SQLite's group commit (db/transact.ts
// transactSync): the bets without an Idempotency-Key. The job reads the player's active pair, plans
// on it (so it is never stale: the job holds the one writer) and applies the plan on prepared
// statements: every refusal checked on the user rows before the first write (the group commit runs
// its batches without savepoints), the nonce by compare-and-set, the rows, one conditional UPDATE
// per user (wallet/ledger.ts), settled wagers, the level, the ledger rows. No RETURNING (see
// db/hot/statements.ts): ids from lastInsertRowid, balances from the row read before the writes.
import type SQLite from 'better-sqlite3';
import { insertedId, writerStatements } from '../db/hot/statements.ts';
import { raiseLevelSync, type BetUser } from '../modules/wallet/ledger-sync.ts';
import { refuseTotals } from './refusals.ts';
import {
  moveOffsets,
  resolveValue,
  seedPairOf,
  StalePair,
  StaleRow,
  userTotals,
  type Applied,
  type BetPlan,
  type PlanUpdate,
  type SeedPair,
  type Value,
} from './plan.ts';

interface BetStatements {
  pair: SQLite.Statement<[number]>;
  takeNonces: SQLite.Statement<[number, number, number, string, string]>;
  moveUser: SQLite.Statement<[number, number, number, number, number, number, number]>;
  inserts: Map<string, SQLite.Statement<Value[]>>;
  updates: Map<string, SQLite.Statement<(number | string)[]>>;
  counters: Map<string, SQLite.Statement<(number | string)[]>>;
}

const prepared = new WeakMap<SQLite.Database, BetStatements>();

function statements(sqlite: SQLite.Database): BetStatements {
  let s = prepared.get(sqlite);
  if (s) return s;
  s = {
    pair: sqlite.prepare(
      `select "id", "server_seed", "server_seed_hash", "client_seed", "nonce" from "fair_seeds"
       where "user_id" = ? and "slot" = 'active'`,
    ),
    // the compare-and-set of the pair's nonce: count, pair id, expected nonce, its seeds
    takeNonces: sqlite.prepare(
      `update "fair_seeds" set "nonce" = "nonce" + ?
       where "id" = ? and "nonce" = ? and "server_seed_hash" = ? and "client_seed" = ?`,
    ),
    // the ledger's conditional UPDATE for a user's moves: net, wagered, edge units, id, need, wager?, now
    moveUser: sqlite.prepare(
      `update "users" set "balance_cents" = "balance_cents" + ?, "wagered_cents" = "wagered_cents" + ?,
       "edge_units" = "edge_units" + ?
       where "id" = ? and "balance_cents" >= ?
         and (? = 0 or "self_excluded_until" is null or "self_excluded_until" <= ?)`,
    ),
    inserts: new Map(),
    updates: new Map(),
    counters: new Map(),
  };
  prepared.set(sqlite, s);
  return s;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The player's active pair as a plan takes it, or null when they have none yet. */
export function activePairSync(sqlite: SQLite.Database, userId: number): SeedPair | null {
  const r = statements(sqlite).pair.get(userId) as
    { id: number; server_seed: string; server_seed_hash: string; client_seed: string; nonce: number } | undefined;
  return r ? seedPairOf(r) : null;
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

/** Applies `plan` inside the open synchronous job (see the file comment). */
export function applyPlanSync(sqlite: SQLite.Database, plan: BetPlan): Applied {
  const s = statements(sqlite);
  const w = writerStatements(sqlite);
  const totals = userTotals(plan);
  const users = new Map<number, BetUser>();
  for (const t of totals) {
    const row = w.userRow.get(t.userId) as BetUser | undefined;
    if (row) users.set(t.userId, row);
  }
  for (const u of plan.updates) updateRow(sqlite, s, u, false); // a stale row first: nothing else was planned on
  refuseTotals(totals, (id) => users.get(id), plan.now); // before the first write
  const player = users.get(plan.userId) ?? (w.userRow.get(plan.userId) as BetUser | undefined);
  const { pair } = plan;
  if (s.takeNonces.run(plan.nonces, pair.id, pair.nonce, pair.serverSeedHash, pair.clientSeed).changes === 0)
    throw new StalePair();
  for (const u of plan.updates) if (Object.keys(u.add).length) updateRow(sqlite, s, u, true);

  const ids: number[] = [];
  for (const row of plan.rows) {
    const cols = Object.keys(row.values);
    const shape = `${row.table}(${cols.join(',')})`;
    let insert = s.inserts.get(shape);
    if (!insert) {
      insert = sqlite.prepare(
        `insert into ${quote(row.table)} (${cols.map(quote).join(', ')}) values (${cols.map(() => '?').join(', ')})`,
      );
      s.inserts.set(shape, insert);
    }
    const values: Value[] = [];
    for (const c of cols) values.push(resolveValue(row.values[c]!, ids));
    ids.push(insertedId(insert.run(...values)));
  }
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
    const { changes } = s.moveUser.run(
      t.netCents,
      t.stakeCents,
      t.edgeUnits,
      t.userId,
      t.needCents,
      t.wager ? 1 : 0,
      plan.now,
    );
    if (changes === 0) throw new Error(`a bet's user row ${t.userId} changed within its job`);
    balances.set(t.userId, Number(u.balance_cents) + t.netCents);
    if (t.edgeUnits > 0) raiseLevelSync(sqlite, t.userId, Number(u.edge_units) + t.edgeUnits, Number(u.level));
  }
  for (const m of plan.moves) {
    if (m.settles)
      w.insertSettledWager.run(m.userId, m.kind, m.settles.table, -m.deltaCents, m.settles.edgeUnits, m.key, plan.now);
  }
  const offsets = moveOffsets(plan);
  for (let i = 0; i < plan.moves.length; i++) {
    const m = plan.moves[i]!;
    const reference = resolveValue(m.reference, ids) as string | null;
    w.insertLedger.run(
      m.userId,
      m.deltaCents,
      balances.get(m.userId)! + offsets[i]!,
      m.kind,
      reference,
      m.key,
      plan.now,
    );
  }
  return { ids, balances, userName: player?.name ?? '' };
}
