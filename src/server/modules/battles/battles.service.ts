// Battles: create, join, add bots — each ONE transaction with its ledger moves (user rows locked
// first, then the battle row: lock order of the wallet README). A seat costs the sum of the boxes'
// prices (ledger kind 'battle', key battle:{id}:seat:{seat}, or …:{take} for a seat taken again after
// a leave); refunds (cancel, leave, expiry) are in battles.refund.ts. Filling the last seat starts the
// battle in the same transaction: public seed and every round's drops are computed and stored.
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { transact } from '../../db/transact.ts';
import type { Tables } from '../../db/tables.ts';
import { HttpError } from '../../http/errors.ts';
import { MODE_LAYOUT, seatTeam, type BattleMode, type CreateBattleBody } from '../../../shared/api/battles.ts';
import { rangeIndexForTicket } from '../../../shared/fair/index.ts';
import {
  battleBoxesHash,
  battlePublicSeed,
  battleTicket,
  botClientSeed,
} from '../../../shared/games/battles/battle.outcome.ts';
import { findBoxBySlug, findVersionItems } from '../boxes/boxes.repository.ts';
import { ensurePairs, newServerSeed } from '../fair/fair.repository.ts';
import { applyMoveIn, lockUserRows } from '../wallet/ledger.ts';
import { remembered, type Remember } from '../wallet/idempotency.ts';
import { battleNotFound, maySee, newInviteCode, type BattleAccess } from './battles.access.ts';
import { BATTLE_BOTS } from './battles.bots.ts';
import {
  findBattle,
  findSeats,
  storedBoxes,
  type BattlePace,
  type BattleRow,
  type StoredBattleBox,
} from './battles.repository.ts';

type Trx = Transaction<Tables>;

/** A battle money call's result: the caller's balance and whether the battle started. */
export interface SeatResult {
  id: number;
  balanceCents: number;
  seats: number[]; // seats taken by this call
  stakedCents: number; // what this call paid for them (the battle's cost per seat)
  pace: BattlePace | null; // set when this call filled the last seat: the runner plays the battle
  inviteCode?: string | null; // create: a private battle's invite code
}

/** The ledger key of a seat's stake: `take` 0 for the seat's first occupant, else battles.leaves then. */
export const seatKey = (id: number, seat: number, take: number): string =>
  take === 0 ? `battle:${id}:seat:${seat}` : `battle:${id}:seat:${seat}:${take}`;
/** The ledger key of a seat's refund (the same `take` as its stake: each stake is refunded at most once). */
export const refundKey = (id: number, seat: number, take: number): string =>
  take === 0 ? `battle:${id}:refund:${seat}` : `battle:${id}:refund:${seat}:${take}`;

/** The boxes of a create body in round order; 422 with errors.boxes on any unknown or unusable box. */
async function loadBoxes(database: Database, slugs: string[]): Promise<StoredBattleBox[]> {
  const bySlug = new Map<string, StoredBattleBox>();
  const problems: string[] = [];
  for (const slug of new Set(slugs)) {
    const box = await findBoxBySlug(database.db, slug);
    if (!box) problems.push(`Unknown box "${slug}".`);
    else if (box.box_type === 'free') problems.push(`${box.name} is a free box and cannot be battled.`);
    else if (box.creator_id !== null) problems.push(`${box.name} is a custom box and cannot be battled.`);
    else if (!(await findVersionItems(database.db, box.version_id)).length) problems.push(`${box.name} has no items.`);
    else
      bySlug.set(slug, {
        box_id: box.id,
        version_id: box.version_id,
        slug: box.slug,
        name: box.name,
        img_url: box.img_url,
        version: box.version,
        price_cents: Number(box.price_cents),
      });
  }
  if (problems.length) throw new HttpError(422, problems[0]!, { boxes: problems });
  return slugs.map((s) => bySlug.get(s)!);
}

/** The player's current client seed (their active pair's; the pairs are created when missing). */
async function clientSeedOf(trx: Trx, userId: number, now: number): Promise<string> {
  const read = () =>
    trx
      .selectFrom('fair_seeds')
      .select('client_seed')
      .where('user_id', '=', userId)
      .where('slot', '=', 'active')
      .executeTakeFirst();
  let pair = await read();
  if (!pair) {
    await ensurePairs(trx, userId, now);
    pair = await read();
  }
  return pair!.client_seed;
}

async function paySeat(
  trx: Trx,
  battle: { id: number; cost_cents: number },
  seat: number,
  take: number,
  payer: number,
  now: number,
) {
  return applyMoveIn(trx, {
    userId: payer,
    deltaCents: -Number(battle.cost_cents),
    kind: 'battle',
    reference: `battle:${battle.id}`,
    idempotencyKey: seatKey(battle.id, seat, take),
    now,
  });
}

/** POST /api/battles/create: the creator takes seat 0 and pays for it. */
export async function createBattle(
  database: Database,
  userId: number,
  body: CreateBattleBody,
  now: number,
  remember?: Remember<SeatResult>,
): Promise<SeatResult> {
  const boxes = await loadBoxes(database, body.boxes);
  const costCents = boxes.reduce((a, b) => a + b.price_cents, 0);
  const { server_seed, server_seed_hash } = newServerSeed();
  const inviteCode = body.private ? newInviteCode() : null;
  return transact(database, async (trx) => {
    await lockUserRows(trx, [userId]);
    const { id } = await trx
      .insertInto('battles')
      .values({
        creator_id: userId,
        status: 'waiting',
        mode: body.mode,
        crazy: body.crazy ? 1 : 0,
        terminal: body.terminal ? 1 : 0,
        private: body.private ? 1 : 0,
        boxes: JSON.stringify(boxes),
        cost_cents: costCents,
        server_seed,
        server_seed_hash,
        boxes_hash: battleBoxesHash(boxes),
        public_seed: null,
        round: -1,
        winners: null,
        tie_break: null,
        created_at: now,
        started_at: null,
        ended_at: null,
        invite_code: inviteCode,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const client_seed = await clientSeedOf(trx, userId, now);
    await trx
      .insertInto('battle_seats')
      .values({
        battle_id: id,
        seat: 0,
        team: 0,
        user_id: userId,
        bot_id: null,
        payer_id: userId,
        client_seed,
        created_at: now,
      })
      .execute();
    const { balanceAfterCents } = await paySeat(trx, { id, cost_cents: costCents }, 0, 0, userId, now);
    const result = { id, balanceCents: balanceAfterCents, seats: [0], stakedCents: costCents, pace: null, inviteCode };
    return remembered(trx, remember, result);
  });
}

/**
 * The battle, locked, and its seats; 404 when missing or private and not open to the caller
 * (`access`: a seated player or its invite code), 409 unless it is waiting for players.
 */
export async function waitingBattle(database: Database, trx: Trx, id: number, access: BattleAccess) {
  const battle = await findBattle(trx, id, database.dialect);
  if (!battle) throw battleNotFound();
  const seats = await findSeats(trx, [id]);
  if (
    !maySee(
      battle,
      seats.map((s) => s.user_id),
      access,
    )
  )
    throw battleNotFound();
  if (battle.status === 'running' || battle.status === 'ended')
    throw new HttpError(409, 'This battle has already started.');
  if (battle.status === 'canceled') throw new HttpError(409, 'This battle was canceled.');
  return { battle, seats };
}

/** Free seats of the battle (of team `teamIdx` when given), ascending. */
function freeSeats(battle: BattleRow, taken: number[], teamIdx: number | undefined): number[] {
  const mode = battle.mode as BattleMode;
  if (teamIdx !== undefined && teamIdx >= MODE_LAYOUT[mode].teams) throw new HttpError(422, 'Unknown team.');
  const free = Array.from({ length: MODE_LAYOUT[mode].seats }, (_, s) => s).filter(
    (s) => !taken.includes(s) && (teamIdx === undefined || seatTeam(mode, s) === teamIdx),
  );
  if (!free.length) throw new HttpError(409, teamIdx === undefined ? 'This battle is full.' : 'That team is full.');
  return free;
}

/** Starts a full battle in `trx`: public seed from the seats' client seeds, every round's drops stored. */
async function startBattle(trx: Trx, battle: BattleRow, now: number): Promise<void> {
  const seats = await findSeats(trx, [battle.id]);
  const publicSeed = battlePublicSeed(
    battle.id,
    seats.map((s) => s.client_seed),
  );
  const items = new Map<number, Awaited<ReturnType<typeof findVersionItems>>>();
  const rows = [];
  for (const [round, box] of storedBoxes(battle).entries()) {
    if (!items.has(box.version_id)) items.set(box.version_id, await findVersionItems(trx, box.version_id));
    const versionItems = items.get(box.version_id)!;
    const ranges = versionItems.map((i) => ({ from: i.ticket_from, to: i.ticket_to }));
    for (const { seat } of seats) {
      const ticket = battleTicket({ serverSeed: battle.server_seed, publicSeed, round, seat });
      const won = versionItems[rangeIndexForTicket(ranges, ticket)];
      if (!won) throw new Error(`ticket ${ticket} is outside every range of box version ${box.version_id}`);
      rows.push({
        battle_id: battle.id,
        round,
        seat,
        ticket,
        product_id: won.id,
        price_cents: Number(won.item_price_cents),
        sale_price_cents: Number(won.item_sale_price_cents),
        inventory_item_id: null,
      });
    }
  }
  for (let i = 0; i < rows.length; i += 100)
    await trx
      .insertInto('battle_drops')
      .values(rows.slice(i, i + 100))
      .execute();
  await trx
    .updateTable('battles')
    .set({ status: 'running', public_seed: publicSeed, started_at: now, round: -1 })
    .where('id', '=', battle.id)
    .where('status', '=', 'waiting')
    .execute();
}

/** Seats `count` occupants and starts the battle when it is then full. */
async function fillSeats(
  trx: Trx,
  battle: BattleRow,
  seatsToTake: { seat: number; userId: number | null; botId: number | null; clientSeed: string }[],
  payer: number,
  now: number,
  remember?: Remember<SeatResult>,
): Promise<SeatResult> {
  let balanceCents = 0;
  for (const s of seatsToTake) {
    await trx
      .insertInto('battle_seats')
      .values({
        battle_id: battle.id,
        seat: s.seat,
        team: seatTeam(battle.mode as BattleMode, s.seat),
        user_id: s.userId,
        bot_id: s.botId,
        payer_id: payer,
        client_seed: s.clientSeed,
        created_at: now,
        take: battle.leaves,
      })
      .execute();
    ({ balanceAfterCents: balanceCents } = await paySeat(trx, battle, s.seat, battle.leaves, payer, now));
  }
  const filled = (await findSeats(trx, [battle.id])).length;
  const mode = battle.mode as BattleMode;
  let pace: BattlePace | null = null;
  if (filled === MODE_LAYOUT[mode].seats) {
    await startBattle(trx, battle, now);
    pace = { startedAt: now, rounds: storedBoxes(battle).length, mode };
  }
  const result = {
    id: battle.id,
    balanceCents,
    seats: seatsToTake.map((s) => s.seat),
    stakedCents: Number(battle.cost_cents) * seatsToTake.length,
    pace,
  };
  return remembered(trx, remember, result);
}

/** POST /api/battles/{id}/join: the lowest free seat (of team `teamIdx`), paid by the joiner; a private
 * battle needs its invite `code`. */
export async function joinBattle(
  database: Database,
  userId: number,
  id: number,
  teamIdx: number | undefined,
  now: number,
  remember?: Remember<SeatResult>,
  code?: string,
): Promise<SeatResult> {
  return transact(database, async (trx) => {
    await lockUserRows(trx, [userId]);
    const { battle, seats } = await waitingBattle(database, trx, id, { userId, code });
    if (seats.some((s) => s.user_id === userId)) throw new HttpError(409, 'You are already in this battle.');
    const [seat] = freeSeats(
      battle,
      seats.map((s) => s.seat),
      teamIdx,
    );
    const clientSeed = await clientSeedOf(trx, userId, now);
    return fillSeats(trx, battle, [{ seat: seat!, userId, botId: null, clientSeed }], userId, now, remember);
  });
}

/** POST /api/battles/{id}/add-bots: the creator fills `bots` free seats with bots and pays for them. */
export async function addBots(
  database: Database,
  userId: number,
  id: number,
  bots: number,
  teamIdx: number | undefined,
  now: number,
  remember?: Remember<SeatResult>,
): Promise<SeatResult> {
  return transact(database, async (trx) => {
    await lockUserRows(trx, [userId]);
    const { battle, seats } = await waitingBattle(database, trx, id, { userId });
    if (battle.creator_id !== userId) throw new HttpError(403, 'Only the creator of the battle can add bots.');
    const free = freeSeats(
      battle,
      seats.map((s) => s.seat),
      teamIdx,
    );
    if (free.length < bots)
      throw new HttpError(409, `Only ${free.length} seat${free.length === 1 ? ' is' : 's are'} free.`);
    const unused = BATTLE_BOTS.filter((b) => !seats.some((s) => s.bot_id === b.id));
    const taken = free.slice(0, bots).map((seat, i) => ({
      seat,
      userId: null,
      botId: unused[i]!.id,
      clientSeed: botClientSeed(id, seat),
    }));
    return fillSeats(trx, battle, taken, userId, now, remember);
  });
}
