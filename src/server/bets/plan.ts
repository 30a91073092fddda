// The plan of an instant bet: everything it writes, decided in TypeScript before any executor runs
// (bets/README.md). A planner (bets/games/*.plan.ts) turns the checked bet and the seed pair it
// expects into the rows to insert per table, the ledger moves and the nonces it consumes; an
// executor (Kysely, SQLite's synchronous job, PostgreSQL's la_apply_bet) applies it without
// knowing the game. Pure: no database, no clock.
import { WAGER_KINDS } from '../../shared/economics/house-edge.ts';

/** A column value; a string may hold `{#i}`, the id of the plan's row i (an earlier row). */
export type Value = string | number | null;

/** The active seed pair a plan was made on; `nonce` is the first nonce it consumes (compare-and-set). */
export interface SeedPair {
  id: number; // fair_seeds.id of the active slot
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

/** A fair_seeds row as the pair a plan takes (ids and nonces may come back as strings or bigints). */
export function seedPairOf(r: {
  id: number | string | bigint;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number | string | bigint;
}): SeedPair {
  return {
    id: Number(r.id),
    serverSeed: r.server_seed,
    serverSeedHash: r.server_seed_hash,
    clientSeed: r.client_seed,
    nonce: Number(r.nonce),
  };
}

/** One row to insert. A value exactly `{#i}` becomes row i's id; `{#i}` inside text is replaced too.
 * `link`: columns set on this row once every row of the plan is in, so they may name a later row
 * (two rows that name each other: an upgrade and the item it granted). */
export interface PlanRow {
  table: string;
  values: Record<string, Value>;
  link?: Record<string, Value>;
}

/** A counter row to add to (insert, or add on its key's conflict): e.g. box_open_counts. */
export interface PlanCounter {
  table: string;
  key: Record<string, number | string>; // the conflict target's columns and values
  add: Record<string, number>; // columns to add to (inserted as is when the row is new)
}

/** A row the bet adds to, or only checks, that must still match `where` (exactly one row): e.g. a
 * custom box's earnings at the version the bet was planned on. No match: StaleRow, nothing kept. */
export interface PlanUpdate {
  table: string;
  where: Record<string, number | string>;
  add: Record<string, number>; // columns to add to; empty: only check the row is there
}

/** Rows the bet takes (e.g. staked items): ONE conditional UPDATE of the rows of `table` whose id
 * is in `ids` and that still match `where`, setting `set`. Every one must match, else the bet is
 * refused with `refusal` (nothing kept): a row taken since the plan (a parallel bet) is refused,
 * not re-planned. */
export interface PlanClaim {
  table: string;
  ids: number[]; // ascending (the lock order)
  where: Record<string, number | string>;
  set: Record<string, number | string>;
  refusal: { status: number; message: string; errors?: Record<string, string[]> };
}

/** One ledger move, as wallet/ledger.ts applyMoveIn makes it. */
export interface PlanMove {
  userId: number;
  deltaCents: number; // signed integer cents
  kind: string;
  reference: string | null; // may hold `{#i}`
  key: string; // the ledger idempotency key (unique)
  /** A wager stake that settles with the bet: its table ('' for one-table games) and edge units
   * (shared/economics/house-edge.ts wagerEdgeUnits), for settled_wagers, XP and "wagered". */
  settles?: { table: string; edgeUnits: number };
}

/** Everything one bet writes; `outcome`: what the game's answer needs besides the rows. */
export interface BetPlan<O = unknown> {
  userId: number; // the player: their name comes back for the public feeds
  pair: SeedPair; // the pair and first nonce the plan consumes
  nonces: number; // how many nonces it consumes (a box opening: one per reel)
  rows: PlanRow[];
  counters: PlanCounter[];
  updates: PlanUpdate[];
  claims?: PlanClaim[];
  moves: PlanMove[];
  now: number; // epoch ms
  /** The player plays even when no move stakes money (an upgrade staking items only): refused while
   * self-excluded, as a wager is. */
  plays?: boolean;
  outcome?: O;
}

/** What the moves do to one user row: the ledger's one conditional UPDATE per user. */
export interface UserTotal {
  userId: number;
  netCents: number; // the balance change
  needCents: number; // the balance the row must have first, so no move takes it below 0
  wager: boolean; // it stakes a wager: refused while self-excluded
  stakeCents: number; // settled stakes (wagered_cents)
  edgeUnits: number; // their edge units (XP)
}

/** The users the plan moves, and the player always, in ascending id (the lock order, wallet
 * README), with their totals. */
export function userTotals(plan: BetPlan): UserTotal[] {
  const byUser = new Map<number, UserTotal & { run: number }>();
  const { userId } = plan;
  byUser.set(userId, { userId, netCents: 0, needCents: 0, wager: !!plan.plays, stakeCents: 0, edgeUnits: 0, run: 0 });
  for (const m of plan.moves) {
    if (!Number.isSafeInteger(m.deltaCents)) throw new Error(`a move is whole cents, got ${m.deltaCents}`);
    let t = byUser.get(m.userId);
    if (!t) {
      t = { userId: m.userId, netCents: 0, needCents: 0, wager: false, stakeCents: 0, edgeUnits: 0, run: 0 };
      byUser.set(m.userId, t);
    }
    t.run += m.deltaCents;
    if (-t.run > t.needCents) t.needCents = -t.run;
    t.netCents = t.run;
    if (m.deltaCents < 0 && WAGER_KINDS.includes(m.kind)) t.wager = true;
    if (m.settles) {
      t.stakeCents -= m.deltaCents;
      t.edgeUnits += m.settles.edgeUnits;
    }
  }
  return [...byUser.values()]
    .sort((a, b) => a.userId - b.userId)
    .map(({ userId, netCents, needCents, wager, stakeCents, edgeUnits }) => ({
      userId,
      netCents,
      needCents,
      wager,
      stakeCents,
      edgeUnits,
    }));
}

/** Per move, its balance after minus its user's balance after all the plan's moves (ledger rows). */
export function moveOffsets(plan: BetPlan): number[] {
  const left = new Map<number, number>(); // what the user's later moves still add
  const offsets: number[] = new Array<number>(plan.moves.length);
  for (let i = plan.moves.length - 1; i >= 0; i--) {
    const m = plan.moves[i]!;
    const later = left.get(m.userId) ?? 0;
    offsets[i] = 0 - later; // (not -later: -0 for 0)
    left.set(m.userId, later + m.deltaCents);
  }
  return offsets;
}

/** The settled_wagers rows of the plan's settling stakes (wallet/settled-wagers.ts settledWagerRow). */
export function settledRows(plan: BetPlan) {
  return plan.moves
    .filter((m) => m.settles)
    .map((m) => ({
      user_id: m.userId,
      kind: m.kind,
      table_key: m.settles!.table,
      stake_cents: -m.deltaCents,
      edge_units: m.settles!.edgeUnits,
      wager_key: m.key,
      settled_at: plan.now,
    }));
}

const TOKEN = /\{#(\d+)\}/g;

/** `value` with every `{#i}` replaced by `ids[i]`; exactly `{#i}` gives the id as a number. */
export function resolveValue(value: Value, ids: readonly number[]): Value {
  if (typeof value !== 'string' || !value.includes('{#')) return value;
  const whole = /^\{#(\d+)\}$/.exec(value);
  if (whole) return idAt(ids, Number(whole[1]));
  return value.replace(TOKEN, (_, i: string) => String(idAt(ids, Number(i))));
}

function idAt(ids: readonly number[], i: number): number {
  const id = ids[i];
  if (id === undefined) throw new Error(`a plan value names row ${i} before it is inserted`);
  return id;
}

/** Thrown when the seed pair moved on since the plan was made (another bet, a rotation): re-plan. */
export class StalePair extends Error {
  constructor() {
    super('the seed pair changed since the bet was planned');
  }
}

/** Thrown when a row the plan checks or adds to no longer matches (PlanUpdate): reload and re-plan. */
export class StaleRow extends Error {
  constructor(table: string) {
    super(`a ${table} row changed since the bet was planned`);
  }
}

/** What an executor answers: the inserted rows' ids (plan order), each moved user's balance after,
 * and the player's name (for the public feeds). */
export interface Applied {
  ids: number[];
  balances: Map<number, number>;
  userName: string;
}
