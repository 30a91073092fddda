// A wager counts for the programmes only once it has SETTLED (issue 24): the transaction that
// settles it writes one settled_wagers row (once per stake ledger key) and, with it, adds
// the stake to users.wagered_cents and its expected house profit to users.edge_units (XP), raising
// the level per the curve. Instant games settle in the stake's own transaction (applyMoveIn with
// `settlesOn`); crash, wheel and battle stakes settle later through creditSettledWager. A refunded
// or canceled wager never reaches either, so it earns no XP, "wagered", commission, free-loot
// allowance, leaderboard standing or cashback.
import { sql, type Transaction } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import { WAGER_KINDS, wagerEdgeUnits } from '../../../shared/economics/house-edge.ts';
import { levelForXp, xpForEdge } from '../../../shared/levels.ts';

/** The wager kinds that settle in their stake's own transaction (the instant games): their row is
 * once per wager because the stake's ledger debit, written with it, has its wager_key as UNIQUE
 * idempotency key. Only the other kinds (settling later) need settled_wagers' own UNIQUE key, a
 * partial index (migration 0037: `where kind <> …` each of these). Changing this list needs a migration. */
export const SETTLED_WITH_STAKE: readonly string[] = ['bet', 'plinko_bet', 'box', 'user_box', 'upgrade'];

/** The predicate of settled_wagers_later_key_uq, as ON CONFLICT must name it. */
const settlesLater = sql<boolean>`${sql.join(
  SETTLED_WITH_STAKE.map((k) => sql`kind <> ${sql.lit(k)}`),
  sql` and `,
)}`;

/** A wager that has just settled. */
export interface SettledWager {
  userId: number; // who staked it
  kind: string; // the stake's ledger kind
  table: string; // plinko 'rows:risk', wheel colour, '' for one-table games
  stakeCents: number;
  wagerKey: string; // the stake debit's ledger idempotency key
  now: number; // epoch ms: when it settled
}

/** A settled_wagers row as written. */
export type SettledWagerRow = ReturnType<typeof settledWagerRow>;

/** The settled_wagers row of `w`. */
export function settledWagerRow(w: SettledWager) {
  return {
    user_id: w.userId,
    kind: w.kind,
    table_key: w.table,
    stake_cents: w.stakeCents,
    edge_units: wagerEdgeUnits(w.kind, w.table, w.stakeCents),
    wager_key: w.wagerKey,
    settled_at: w.now,
  };
}

/** The fields of a ledger move (ledger.ts Move) that say what it wagers. */
export interface WagerMove {
  userId: number;
  deltaCents: number;
  kind: string;
  idempotencyKey: string;
  now: number;
  settlesOn?: string;
}

/**
 * What a ledger move wagers: the stake (cents; 0 for anything but a wager debit) and, when it
 * settles with the move (`settlesOn`, an instant game), its settled_wagers row, else null.
 */
export function wagerOfMove(move: WagerMove): { wager: number; settled: SettledWagerRow | null } {
  const wager = move.deltaCents < 0 && WAGER_KINDS.includes(move.kind) ? -move.deltaCents : 0;
  if (!wager || move.settlesOn === undefined) return { wager, settled: null };
  const { userId, kind, settlesOn: table, idempotencyKey: wagerKey, now } = move;
  return { wager, settled: settledWagerRow({ userId, kind, table, stakeCents: wager, wagerKey, now }) };
}

/** The level `edgeUnits` reach when it is above `level` (levels never go down), else null. */
export function raisedLevel(edgeUnits: number, level: number): number | null {
  const reached = levelForXp(xpForEdge(edgeUnits));
  return reached > level ? reached : null;
}

/**
 * Credits a wager that settled after its stake's transaction (crash, wheel, battle seats) in the
 * settling transaction: its row, the player's wagered cents, edge units and level. Once per
 * wager: false (and nothing changed) when it was credited already. The caller holds the player's
 * row lock (wallet/ledger.ts lockUserRows), as every settlement does.
 */
export async function creditSettledWager(trx: Transaction<Tables>, w: SettledWager): Promise<boolean> {
  if (SETTLED_WITH_STAKE.includes(w.kind)) throw new Error(`a ${w.kind} wager settles with its stake`);
  const row = settledWagerRow(w);
  const inserted = await trx
    .insertInto('settled_wagers')
    .values(row)
    .onConflict((oc) => oc.column('wager_key').where(settlesLater).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
  const user = await trx
    .updateTable('users')
    .set((eb) => ({
      wagered_cents: eb('wagered_cents', '+', row.stake_cents),
      edge_units: eb('edge_units', '+', row.edge_units),
    }))
    .where('id', '=', w.userId)
    .returning(['edge_units', 'level'])
    .executeTakeFirstOrThrow();
  const level = raisedLevel(Number(user.edge_units), Number(user.level));
  if (level !== null) await trx.updateTable('users').set({ level }).where('id', '=', w.userId).execute();
  return true;
}
