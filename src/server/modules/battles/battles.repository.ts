// Battle queries (database or transaction first) and row → API mapping. A round's drops are read
// only up to battles.round in SQL, so no later round can reach an answer or an event.
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { Tables } from '../../db/tables.ts';
import {
  MODE_LAYOUT,
  seatTeam,
  type Battle,
  type BattleBox,
  type BattleDrop,
  type BattleMode,
  type BattleSeatSummary,
  type BattleStatus,
  type BattleSummary,
  type BattleTieBreak,
  BATTLE_WAIT_MS,
} from '../../../shared/api/battles.ts';
import type { Rarity } from '../../../shared/games/boxes/boxes.types.ts';
import { toDollars } from '../../../shared/money.ts';
import { iso } from '../boxes/catalog.view.ts';
import { maySee, type BattleAccess } from './battles.access.ts';
import { botById } from './battles.bots.ts';

type Q = Kysely<Tables>;

/** A box of a battle as stored (JSON in battles.boxes), in round order. */
export interface StoredBattleBox {
  box_id: number;
  version_id: number;
  slug: string;
  name: string;
  img_url: string;
  version: number;
  price_cents: number;
}

/** A battle row. */
export type BattleRow = Awaited<ReturnType<typeof findBattle>> & object;
/** A seat row with its player. */
export type SeatRow = Awaited<ReturnType<typeof findSeats>>[number];

/** The battle `id`; locked for update on PostgreSQL when `lock` (after the user rows: lock order). */
export async function findBattle(db: Q, id: number, lock?: Dialect) {
  const q = db.selectFrom('battles').selectAll().where('id', '=', id);
  return (lock === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
}

/** The taken seats of battles, with their players, in seat order. */
export async function findSeats(db: Q, battleIds: number[]) {
  if (!battleIds.length) return [];
  return db
    .selectFrom('battle_seats')
    .leftJoin('users', 'users.id', 'battle_seats.user_id')
    .select([
      'battle_seats.battle_id',
      'battle_seats.seat',
      'battle_seats.team',
      'battle_seats.user_id',
      'battle_seats.bot_id',
      'battle_seats.payer_id',
      'battle_seats.client_seed',
      'battle_seats.take',
      'users.name as user_name',
      'users.avatar_url as user_avatar_url',
      'users.level as user_level',
    ])
    .where('battle_seats.battle_id', 'in', battleIds)
    .orderBy('battle_seats.battle_id')
    .orderBy('battle_seats.seat')
    .execute();
}

/** The drops of rounds 0 … `upToRound` (inclusive; only that round when `only`) with their products. */
export async function findDrops(db: Q, battleId: number, upToRound: number, only = false) {
  return db
    .selectFrom('battle_drops')
    .innerJoin('products', 'products.id', 'battle_drops.product_id')
    .select([
      'battle_drops.id',
      'battle_drops.round',
      'battle_drops.seat',
      'battle_drops.ticket',
      'battle_drops.product_id',
      'battle_drops.price_cents',
      'battle_drops.sale_price_cents',
      'products.name',
      'products.img_url',
      'products.rarity',
    ])
    .where('battle_drops.battle_id', '=', battleId)
    .where('battle_drops.round', only ? '=' : '<=', upToRound)
    .orderBy('battle_drops.round')
    .orderBy('battle_drops.seat')
    .execute();
}
/** A drop row. */
export type DropRow = Awaited<ReturnType<typeof findDrops>>[number];

/** The battle's boxes as stored. */
export function storedBoxes(row: { boxes: string }): StoredBattleBox[] {
  return JSON.parse(row.boxes) as StoredBattleBox[];
}

function boxView(b: StoredBattleBox): BattleBox {
  return { slug: b.slug, name: b.name, img_url: b.img_url, price: toDollars(b.price_cents), version: b.version };
}

/** A drop as the API shows it. */
export function dropView(d: DropRow): BattleDrop {
  return {
    round: d.round,
    ticket: d.ticket,
    item: {
      id: d.product_id,
      name: d.name,
      img_url: d.img_url,
      price: toDollars(d.price_cents),
      rarity: d.rarity as Rarity,
    },
  };
}

/** Every seat of the mode, taken or empty. */
export function seatViews(mode: BattleMode, seats: SeatRow[]): BattleSeatSummary[] {
  return Array.from({ length: MODE_LAYOUT[mode].seats }, (_, seat) => {
    const row = seats.find((s) => s.seat === seat);
    return {
      seat,
      team: seatTeam(mode, seat),
      client_seed: row?.client_seed ?? null,
      user:
        row?.user_id != null
          ? { id: row.user_id, name: row.user_name!, avatar_url: row.user_avatar_url ?? null, level: row.user_level! }
          : null,
      bot: row?.bot_id != null ? (botById(row.bot_id) ?? null) : null,
    };
  });
}

function parsed<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}

/** A battle for lists and the public list event. */
export function summaryView(row: BattleRow, seats: SeatRow[]): BattleSummary {
  const mode = row.mode as BattleMode;
  return {
    id: row.id,
    status: row.status as BattleStatus,
    mode,
    crazy: row.crazy === 1,
    terminal: row.terminal === 1,
    private: row.private === 1,
    boxes: storedBoxes(row).map(boxView),
    cost: toDollars(row.cost_cents),
    seats: seatViews(mode, seats),
    seats_filled: seats.length,
    seats_total: MODE_LAYOUT[mode].seats,
    round: row.round,
    winners: parsed<number[]>(row.winners),
    created_at: iso(row.created_at),
  };
}

/**
 * GET /api/battles/{id}: drops of played rounds only; the server seed once ended; null when missing or
 * private and not open to the caller (`access`: a seated player or its invite code).
 */
export async function battleView(db: Q, id: number, access: BattleAccess): Promise<Battle | null> {
  const row = await findBattle(db, id);
  if (!row) return null;
  const seats = await findSeats(db, [id]);
  if (
    !maySee(
      row,
      seats.map((s) => s.user_id),
      access,
    )
  )
    return null;
  const drops = await findDrops(db, id, row.round);
  const summary = summaryView(row, seats);
  const ended = row.status === 'ended';
  return {
    id: row.id,
    status: summary.status,
    mode: summary.mode,
    crazy: summary.crazy,
    terminal: summary.terminal,
    private: summary.private,
    boxes: summary.boxes,
    cost: summary.cost,
    seats: summary.seats.map((s) => {
      const mine = drops.filter((d) => d.seat === s.seat);
      return { ...s, drops: mine.map(dropView), total: toDollars(mine.reduce((a, d) => a + d.price_cents, 0)) };
    }),
    round: row.round,
    server_seed_hash: row.server_seed_hash,
    boxes_hash: row.boxes_hash,
    public_seed: row.public_seed,
    server_seed: ended ? row.server_seed : null,
    winners: ended ? summary.winners : null,
    tie_break: ended ? parsed<BattleTieBreak>(row.tie_break) : null,
    invite_code: row.private === 1 ? row.invite_code : null,
    expires_at: row.status === 'waiting' ? iso(Number(row.created_at) + BATTLE_WAIT_MS) : null,
    created_at: summary.created_at,
    started_at: row.started_at === null ? null : iso(row.started_at),
    ended_at: row.ended_at === null ? null : iso(row.ended_at),
  };
}

/** The summary of one battle (events). */
export async function summaryOf(db: Q, id: number): Promise<BattleSummary | null> {
  const row = await findBattle(db, id);
  return row ? summaryView(row, await findSeats(db, [id])) : null;
}

/** GET /api/battles: waiting and running public battles, newest first, then the last 20 ended. */
export async function listBattles(db: Q): Promise<BattleSummary[]> {
  const base = db.selectFrom('battles').selectAll().where('private', '=', 0);
  const [live, ended] = await Promise.all([
    base.where('status', 'in', ['waiting', 'running']).orderBy('id', 'desc').limit(200).execute(),
    base.where('status', '=', 'ended').orderBy('ended_at', 'desc').orderBy('id', 'desc').limit(20).execute(),
  ]);
  const rows = [...live, ...ended];
  const seats = await findSeats(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    summaryView(
      r,
      seats.filter((s) => s.battle_id === r.id),
    ),
  );
}

/** Whether the channel of battle `id` may be joined by the caller (the same rule as its page). */
export async function mayWatch(db: Q, id: number, access: BattleAccess): Promise<boolean> {
  const row = await findBattle(db, id);
  if (!row) return false;
  const seats = await db.selectFrom('battle_seats').select('user_id').where('battle_id', '=', id).execute();
  return maySee(
    row,
    seats.map((s) => s.user_id),
    access,
  );
}

/** Waiting battles created at or before `now − BATTLE_WAIT_MS` (the expiry sweep), oldest first. */
export async function dueToExpire(db: Q, now: number, limit = 100): Promise<number[]> {
  const rows = await db
    .selectFrom('battles')
    .select('id')
    .where('status', '=', 'waiting')
    .where('created_at', '<=', now - BATTLE_WAIT_MS)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** The battles being played (the runner resumes them on start). */
export async function runningBattles(db: Q): Promise<{ id: number; round: number; meta: BattlePace }[]> {
  const rows = await db
    .selectFrom('battles')
    .select(['id', 'round', 'started_at', 'boxes', 'mode'])
    .where('status', '=', 'running')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    round: r.round,
    meta: { startedAt: Number(r.started_at), rounds: storedBoxes(r).length, mode: r.mode as BattleMode },
  }));
}

/** What the runner keeps of a running battle. */
export interface BattlePace {
  startedAt: number; // epoch ms
  rounds: number;
  mode: BattleMode;
}

/** Reveals round `round` (the next one) of a running battle; false when another step already did. */
export async function revealRound(db: Q, id: number, round: number): Promise<boolean> {
  const res = await db
    .updateTable('battles')
    .set({ round })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('round', '=', round - 1)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
