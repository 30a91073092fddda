// Held funds (issue 24 item 6): coins that arrive cannot be refused, so a confirmed crypto transfer
// over the player's deposit limit (the part over it), or any transfer while self-excluded, is not
// credited to the balance but held. Held funds can be withdrawn at once (withdrawals draw on them
// first) and are released into the balance by ONE ledger move per row (kind `deposit`, key
// `held-release:{id}`) once depositRoom allows: lazily when the player reads them, and by a job.
// Lock order: the user row first (lockUserRows), then held rows; a confirmation only inserts them.
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { Tables } from '../../db/tables.ts';
import { applyMoveIn, lockUserRows } from './ledger.ts';
import { utcLabel } from '../responsible-play/exclusion.ts';
import { depositLimitLabel, depositOpensAt, depositRoom } from '../responsible-play/responsible-play.service.ts';
import { formatUsd, toDollars } from '../../../shared/money.ts';
import type { HeldFunds } from '../../../shared/api/held-funds.ts';

type Trx = Transaction<Tables>;
/** Why funds were held when they arrived. */
export type HeldReason = 'deposit_limit' | 'self_exclusion';

/** How a deposit of `cents` splits at `now`: what the balance may take, what must be held and why. */
export interface DepositSplit {
  creditCents: number;
  heldCents: number;
  reason: HeldReason | null; // null when nothing is held
}

/** Splits a deposit by the player's room; call it with the user row locked, before the deposit counts. */
export async function splitDeposit(trx: Trx, userId: number, cents: number, now: number): Promise<DepositSplit> {
  const room = await depositRoom(trx, userId, now);
  if (room.excludedUntil !== null) return { creditCents: 0, heldCents: cents, reason: 'self_exclusion' };
  const credit = room.leftCents === null ? cents : Math.min(cents, room.leftCents);
  return { creditCents: credit, heldCents: cents - credit, reason: credit < cents ? 'deposit_limit' : null };
}

/** A new held row (its `reference` is UNIQUE: each source makes it once). */
export async function insertHold(
  trx: Trx,
  hold: {
    userId: number;
    paymentId: number | null;
    source: 'deposit' | 'remainder' | 'refund';
    reason: HeldReason;
    reference: string;
    cents: number;
    now: number;
  },
): Promise<void> {
  await trx
    .insertInto('held_funds')
    .values({
      user_id: hold.userId,
      payment_id: hold.paymentId,
      source: hold.source,
      reason: hold.reason,
      reference: hold.reference,
      amount_cents: hold.cents,
      left_cents: hold.cents,
      created_at: hold.now,
    })
    .execute();
}

/** The player's rows still holding money, oldest first. */
function openHolds(q: Trx | DB, userId: number) {
  return q
    .selectFrom('held_funds')
    .select(['id', 'payment_id', 'reason', 'left_cents'])
    .where('user_id', '=', userId)
    .where('released_at', 'is', null)
    .where('left_cents', '>', 0)
    .orderBy('id')
    .execute();
}

/** Cents the player has held. */
export async function heldCents(q: Trx | DB, userId: number): Promise<number> {
  return (await openHolds(q, userId)).reduce((sum, h) => sum + Number(h.left_cents), 0);
}

/**
 * Takes up to `cents` from the player's held funds, oldest first, for a withdrawal; returns what it
 * took. The caller has locked the user row (withdrawal request), so no release runs meanwhile.
 */
export async function drawHeldFunds(trx: Trx, userId: number, cents: number): Promise<number> {
  let drawn = 0;
  for (const h of await openHolds(trx, userId)) {
    if (drawn >= cents) break;
    const take = Math.min(Number(h.left_cents), cents - drawn);
    const r = await trx
      .updateTable('held_funds')
      .set((eb) => ({ left_cents: eb('left_cents', '-', take) }))
      .where('id', '=', h.id)
      .where('released_at', 'is', null)
      .where('left_cents', '>=', take)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 1) drawn += take;
  }
  return drawn;
}

/** Puts the held part of a canceled withdrawal back into held funds (not into the balance). */
export async function returnHeldFunds(
  trx: Trx,
  userId: number,
  withdrawalId: number,
  cents: number,
  now: number,
): Promise<void> {
  const room = await depositRoom(trx, userId, now);
  await insertHold(trx, {
    userId,
    paymentId: null,
    source: 'refund',
    reason: room.excludedUntil !== null ? 'self_exclusion' : 'deposit_limit',
    reference: `withdrawal:${withdrawalId}`,
    cents,
    now,
  });
}

/** What a release did: cents moved into the balance and the balance after (null when nothing moved). */
export interface Release {
  releasedCents: number;
  balanceCents: number | null;
}

/**
 * Releases what the player's room allows at `now`, oldest hold first: each row released gets ONE
 * ledger move; a row the room only partly covers is released for that part and its rest becomes a
 * new row (`held:{id}`). Exactly once under races: the user row is locked first (PostgreSQL; SQLite
 * transactions hold the one write lock), the row is claimed by a conditional update, and the move's
 * idempotency key is per row.
 */
export async function releaseHeldFunds(db: DB, userId: number, now: number): Promise<Release> {
  if ((await openHolds(db, userId)).length === 0) return { releasedCents: 0, balanceCents: null }; // the common case: no transaction
  return db.transaction().execute(async (trx) => {
    await lockUserRows(trx, [userId]);
    const holds = await openHolds(trx, userId);
    const done: Release = { releasedCents: 0, balanceCents: null };
    if (holds.length === 0) return done;
    const room = await depositRoom(trx, userId, now);
    if (room.excludedUntil !== null) return done;
    let left = room.leftCents ?? Number.POSITIVE_INFINITY;
    for (const h of holds) {
      if (left <= 0) break;
      const held = Number(h.left_cents);
      const part = Math.min(held, left);
      const claimed = await trx
        .updateTable('held_funds')
        .set({ left_cents: 0, released_cents: part, released_at: now })
        .where('id', '=', h.id)
        .where('released_at', 'is', null)
        .where('left_cents', '=', held)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      if (part < held) {
        await insertHold(trx, {
          userId,
          paymentId: h.payment_id,
          source: 'remainder',
          reason: h.reason as HeldReason,
          reference: `held:${h.id}`,
          cents: held - part,
          now,
        });
      }
      const move = await applyMoveIn(trx, {
        userId,
        deltaCents: part,
        kind: 'deposit',
        reference: `held:${h.id}`,
        idempotencyKey: `held-release:${h.id}`,
        now,
      });
      done.releasedCents += part;
      done.balanceCents = move.balanceAfterCents;
      left -= part;
    }
    return done;
  });
}

/** Releases what is due for every player with held funds (the job); returns the players whose balance moved. */
export async function releaseDueHeldFunds(
  db: DB,
  now: number,
  limit = 500,
): Promise<{ userId: number; balanceCents: number }[]> {
  const users = await db
    .selectFrom('held_funds')
    .select('user_id')
    .distinct()
    .where('released_at', 'is', null)
    .where('left_cents', '>', 0)
    .orderBy('user_id')
    .limit(limit)
    .execute();
  const moved: { userId: number; balanceCents: number }[] = [];
  for (const { user_id } of users) {
    const r = await releaseHeldFunds(db, user_id, now);
    if (r.balanceCents !== null) moved.push({ userId: user_id, balanceCents: r.balanceCents });
  }
  return moved;
}

/** The player's held funds as the wallet shows them (after releasing what is due), with the text to show. */
export async function heldFundsView(db: DB, userId: number, now: number): Promise<HeldFunds & Release> {
  const release = await releaseHeldFunds(db, userId, now);
  const cents = await heldCents(db, userId);
  if (cents === 0) return { ...release, held: 0, playable_from: null, msg: null };
  const room = await depositRoom(db, userId, now);
  const from = await depositOpensAt(db, userId, now);
  const why =
    room.excludedUntil !== null
      ? `you are self-excluded until ${utcLabel(room.excludedUntil)}`
      : room.limit
        ? `it is over ${depositLimitLabel(room.limit)}`
        : 'it came in over your deposit limit';
  return {
    ...release,
    held: toDollars(cents),
    playable_from: new Date(from).toISOString(),
    msg: `${formatUsd(cents)} of your deposits is held because ${why}. You can withdraw it now, or play it from ${utcLabel(from)} (as far as your deposit limits allow then).`,
  };
}
