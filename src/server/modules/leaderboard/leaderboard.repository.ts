// Wagered per player in a period: the stakes of the wagers that SETTLED between two instants
// (settled_wagers: a refunded or canceled wager never counts), ranked by amount (ties: the older
// account first), with their expected house profit (what caps a prize).
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import type { Window } from '../../../shared/time/programme-windows.ts';

type Q = Kysely<Tables>;

/** One ranked player. */
export interface Standing {
  place: number; // 1…
  userId: number;
  wageredCents: number;
  edgeUnits: number; // expected house profit of those wagers, cents × bp
}

function wagers(q: Q, period: Window) {
  return q.selectFrom('settled_wagers').where('settled_at', '>=', period.from).where('settled_at', '<', period.to);
}

/** The top `limit` players of `period`. */
export async function standings(q: Q, period: Window, limit: number): Promise<Standing[]> {
  const rows = await wagers(q, period)
    .select((eb) => [
      'user_id',
      eb.fn.sum<number>('stake_cents').as('wagered'),
      eb.fn.sum<number>('edge_units').as('edge'),
    ])
    .groupBy('user_id')
    .orderBy('wagered', 'desc')
    .orderBy('user_id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((r, i) => ({
    place: i + 1,
    userId: Number(r.user_id),
    wageredCents: Number(r.wagered),
    edgeUnits: Number(r.edge),
  }));
}

/** The player's place and amount in `period`, or null when they wagered nothing in it. */
export async function standingOf(q: Q, period: Window, userId: number): Promise<Standing | null> {
  const mine = await wagers(q, period)
    .where('user_id', '=', userId)
    .select((eb) => [eb.fn.sum<number>('stake_cents').as('wagered'), eb.fn.sum<number>('edge_units').as('edge')])
    .executeTakeFirst();
  const wageredCents = Number(mine?.wagered ?? 0);
  if (!(wageredCents > 0)) return null;
  const ahead = await q
    .selectFrom(
      wagers(q, period)
        .select((eb) => ['user_id', eb.fn.sum<number>('stake_cents').as('wagered')])
        .groupBy('user_id')
        .as('w'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) =>
      eb.or([
        eb('w.wagered', '>', wageredCents),
        eb.and([eb('w.wagered', '=', wageredCents), eb('w.user_id', '<', userId)]),
      ]),
    )
    .executeTakeFirst();
  return { place: Number(ahead?.n ?? 0) + 1, userId, wageredCents, edgeUnits: Number(mine?.edge ?? 0) };
}

/** Public fields of players (name, avatar, level, the public-stats opt-out). */
export async function playersByIds(q: Q, ids: number[]) {
  if (ids.length === 0) return [];
  return q
    .selectFrom('users')
    .select(['id', 'name', 'avatar_url', 'level', 'hide_public_stats'])
    .where('id', 'in', ids)
    .execute();
}
