// Executor 3: a plan applied on PostgreSQL in ONE round trip, a call of the generic la_apply_bet
// (migrations 0032-generic-bet, 0033-generic-bet-claims, 0034-faster-bet, 0036-bet-token,
// 0038-leaner-bet: the pending access token, locks, checks, compare-and-set of the nonce, claims,
// rows, links, moves).
// It answers Applied, throws 401 for a pending token no longer valid, the ledger's refusals and a
// claim's refusal (SQLSTATE LA410), and StalePair when the pair moved on since the
// plan (answer 'stale', or SQLSTATE LA408 once the user row was updated: nothing kept either way;
// the caller re-plans). The level is computed here, in TypeScript
// (shared/levels.ts via settled-wagers raisedLevel): each user's edge units as the last bet in this
// process left them are kept, so the plan carries the levels its edge units may reach, each with the
// edge units it needs, and the function grants those the row's edge units reach (a comparison); when the function's answer shows a level the plan
// did not know of (a player's first bet here, or one made in another process), a second statement
// raises it.
import { sql } from 'kysely';
import type { Database, DB } from '../db/database.ts';
import { raisedLevel } from '../modules/wallet/settled-wagers.ts';
import { EDGE_UNITS_PER_XP, xpForLevel } from '../../shared/levels.ts';
import type { PendingToken } from '../modules/auth/token-cache.ts';
import { refuseClaim, throwRefusal, type PgRefusal } from './refusals.ts';
import { moveOffsets, settledRows, StalePair, StaleRow, userTotals, type Applied, type BetPlan } from './plan.ts';

const APPLY = 'select la_apply_bet($1::jsonb) as answer';

/** Per database, each user's edge units and level as the last bet here returned them. */
const known = new WeakMap<DB, Map<number, { edgeUnits: number; level: number }>>();
const MAX_KNOWN = 100_000;

function knownOf(database: Database): Map<number, { edgeUnits: number; level: number }> {
  let k = known.get(database.db);
  if (!k) known.set(database.db, (k = new Map()));
  return k;
}

type Answer =
  | PgRefusal
  | { status: 'stale' }
  | { status: 'stale_row'; table: string }
  | {
      status: 'ok';
      ids: (number | string)[];
      users: Record<string, [number | string, number | string, number]>;
      name: string;
    };

/** The jsonb argument of la_apply_bet for `plan` (the function's comment names each field), with
 * the pending access token it checks (migrations 0036, 0038). */
export function pgPlanArgument(
  plan: BetPlan,
  levels?: Map<number, { edgeUnits: number; level: number }>,
  token?: PendingToken,
): string {
  const offsets = moveOffsets(plan);
  const { pair } = plan;
  return JSON.stringify({
    token: token ? { id: token.id, hash: token.hash, at: token.at } : null,
    user: plan.userId,
    now: plan.now,
    nonces: plan.nonces,
    pair: { id: pair.id, nonce: pair.nonce, hash: pair.serverSeedHash, client: pair.clientSeed },
    users: userTotals(plan).map((t) => ({
      id: t.userId,
      net: t.netCents,
      need: t.needCents,
      wager: t.wager,
      stake: t.stakeCents,
      edge: t.edgeUnits,
      levels: levelSteps(levels?.get(t.userId), t.edgeUnits),
    })),
    rows: plan.rows,
    counters: plan.counters,
    updates: plan.updates,
    claims: (plan.claims ?? []).map(({ table, ids, where, set }) => ({ table, ids, where, set })),
    links: plan.rows.flatMap((r, row) => (r.link ? [{ row, table: r.table, set: r.link }] : [])),
    settled: settledRows(plan),
    moves: plan.moves.map((m, i) => ({
      user_id: m.userId,
      delta: m.deltaCents,
      offset_cents: offsets[i],
      kind: m.kind,
      reference: m.reference,
      key: m.key,
    })),
  });
}

/** The levels (with the edge units each needs) a user may reach with `edgeUnits` more, from what the
 * last bet here returned; the function grants those the row's own edge units reach. */
function levelSteps(k: { edgeUnits: number; level: number } | undefined, edgeUnits: number): [number, number][] {
  if (!k || edgeUnits === 0) return [];
  const reached = raisedLevel(k.edgeUnits + edgeUnits, k.level);
  const steps: [number, number][] = [];
  if (reached !== null)
    for (let level = k.level + 1; level <= reached; level++) steps.push([level, xpForLevel(level) * EDGE_UNITS_PER_XP]);
  return steps;
}

/** Applies `plan` in one call of la_apply_bet (see the file comment); with a pending `token`, the
 * function checks it first (401 when no longer valid, nothing written). */
export async function applyPlanPg(database: Database, plan: BetPlan, token?: PendingToken): Promise<Applied> {
  // a named statement: parsed and planned once per pooled connection, not on every bet
  const { rows } = await database
    .pgPool!.query<{ answer: Answer }>({
      name: 'la_apply_bet',
      text: APPLY,
      values: [pgPlanArgument(plan, knownOf(database), token)],
    })
    .catch((e: unknown) => {
      const code = (e as { code?: string }).code;
      if (code?.startsWith('LA')) token?.passed(); // (raised after the token's check)
      if (code === 'LA408') throw new StalePair(); // (0034: raised to undo the user row's update)
      if (code === 'LA409') throw new StaleRow((e as Error).message);
      if (code === 'LA410') refuseClaim(plan.claims![Number((e as Error).message)]!);
      throw e;
    });
  const answer = rows[0]!.answer;
  if (answer.status === 'unauthenticated') token?.refused();
  else token?.passed();
  if (answer.status === 'stale') throw new StalePair();
  if (answer.status === 'stale_row') throw new StaleRow(answer.table);
  if (answer.status !== 'ok') throwRefusal(answer);
  const balances = new Map<number, number>();
  const levels = knownOf(database);
  if (levels.size >= MAX_KNOWN) levels.clear();
  for (const [id, [balance, edge, lvl]] of Object.entries(answer.users)) {
    const edgeUnits = Number(edge);
    let level = Number(lvl);
    balances.set(Number(id), Number(balance));
    const reached = raisedLevel(edgeUnits, level);
    if (reached !== null) {
      await sql`update users set level = greatest(level, ${reached}) where id = ${Number(id)}`.execute(database.db);
      level = reached;
    }
    levels.set(Number(id), { edgeUnits, level });
  }
  return { ids: answer.ids.map(Number), balances, userName: answer.name };
}
