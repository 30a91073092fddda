// Wagered per player in a period: the sum of wager debits (shared/levels.ts WAGER_KINDS) in the
// ledger between two instants, ranked by amount (ties: the older account first).
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import type { Window } from '../../../shared/time/programme-windows.ts';
import { WAGER_KINDS } from '../../../shared/levels.ts';

type Q = Kysely<Tables>;

/** One ranked player. */
export interface Standing {
  place: number; // 1…
  userId: number;
  wageredCents: number;
}

function wagers(q: Q, period: Window) {
  return q
    .selectFrom('ledger')
    .where('created_at', '>=', period.from)
    .where('created_at', '<', period.to)
    .where('kind', 'in', [...WAGER_KINDS])
    .where('delta_cents', '<', 0);
}

/** The top `limit` players of `period`. */
export async function standings(q: Q, period: Window, limit: number): Promise<Standing[]> {
  const rows = await wagers(q, period)
    .select((eb) => ['user_id', eb.fn.sum<number>(eb.neg(eb.ref('delta_cents'))).as('wagered')])
    .groupBy('user_id')
    .orderBy('wagered', 'desc')
    .orderBy('user_id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((r, i) => ({ place: i + 1, userId: Number(r.user_id), wageredCents: Number(r.wagered) }));
}

/** The player's place and amount in `period`, or null when they wagered nothing in it. */
export async function standingOf(q: Q, period: Window, userId: number): Promise<Standing | null> {
  const mine = await wagers(q, period)
    .where('user_id', '=', userId)
    .select((eb) => eb.fn.sum<number>(eb.neg(eb.ref('delta_cents'))).as('wagered'))
    .executeTakeFirst();
  const wageredCents = Number(mine?.wagered ?? 0);
  if (!(wageredCents > 0)) return null;
  const ahead = await q
    .selectFrom(
      wagers(q, period)
        .select((eb) => ['user_id', eb.fn.sum<number>(eb.neg(eb.ref('delta_cents'))).as('wagered')])
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
  return { place: Number(ahead?.n ?? 0) + 1, userId, wageredCents };
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
