// Executor 3: a plan applied on PostgreSQL in ONE round trip, a call of the generic la_apply_bet
// (migration 0031-generic-bet: locks, checks, compare-and-set of the nonce, rows, moves). It
// answers Applied, throws the ledger's refusals, and StalePair when the pair moved on since the
// plan (nothing written: the caller re-plans). The level is raised here from the edge units the
// function returns (shared/levels.ts via settled-wagers raisedLevel), in a second statement only
// when a level is reached.
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { raisedLevel } from '../modules/wallet/settled-wagers.ts';
import { throwRefusal, type PgRefusal } from './refusals.ts';
import { moveOffsets, settledRows, StalePair, StaleRow, userTotals, type Applied, type BetPlan } from './plan.ts';

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

/** The jsonb argument of la_apply_bet for `plan` (the function's comment names each field). */
export function pgPlanArgument(plan: BetPlan): string {
  const offsets = moveOffsets(plan);
  const { pair } = plan;
  return JSON.stringify({
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
    })),
    rows: plan.rows,
    counters: plan.counters,
    updates: plan.updates,
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

/** Applies `plan` in one call of la_apply_bet (see the file comment). */
export async function applyPlanPg(database: Database, plan: BetPlan): Promise<Applied> {
  const { rows } = await sql<{ answer: Answer }>`select la_apply_bet(${pgPlanArgument(plan)}::jsonb) as answer`
    .execute(database.db)
    .catch((e: unknown) => {
      if ((e as { code?: string }).code === 'LA409') throw new StaleRow((e as Error).message);
      throw e;
    });
  const answer = rows[0]!.answer;
  if (answer.status === 'stale') throw new StalePair();
  if (answer.status === 'stale_row') throw new StaleRow(answer.table);
  if (answer.status !== 'ok') throwRefusal(answer);
  const balances = new Map<number, number>();
  for (const [id, [balance, edgeUnits, level]] of Object.entries(answer.users)) {
    balances.set(Number(id), Number(balance));
    const reached = raisedLevel(Number(edgeUnits), Number(level));
    if (reached !== null)
      await sql`update users set level = greatest(level, ${reached}) where id = ${Number(id)}`.execute(database.db);
  }
  return { ids: answer.ids.map(Number), balances, userName: answer.name };
}
