// Free loot: free boxes unlocked by level (min_level = tier), one daily opening per box per 24 h
// (rolling, from the last daily opening) and one-time promo openings from `entitlements`
// (kind 'free_box', e.g. case35). A daily opening also needs FREE_LOOT_MIN_DEPOSIT_CENTS deposited
// (net of reversals and withdrawals) within FREE_LOOT_DEPOSIT_WINDOW_MS, and an allowance that
// covers the box's expected value (shared/free-loot-economics.ts: half the expected house profit
// of the last 30 days minus the free boxes, daily and promo, taken in them); promo openings come
// from a deposit already, open only the lowest-tier free box, and count against the allowance of
// later daily openings. An opening is ONE
// transaction: the gate checks, the reel (rollReel with source 'free_box', no debit) and a
// `free_box_openings` row whose UNIQUE (user, box, slot) key lets only one of two parallel
// openings of the same slot commit.
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { Database, DB } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import type { Drop } from '../../../shared/api/boxes.ts';
import {
  DEPOSIT_REQUIRED_MESSAGE,
  FREE_BOX_COOLDOWN_MS,
  FREE_LOOT_DEPOSIT_WINDOW_MS,
  FREE_LOOT_MIN_DEPOSIT_CENTS,
  cooldownMessage,
  levelMessage,
  type FreeBoxListResponse,
  type FreeOpenBody,
} from '../../../shared/api/free-loot.ts';
import { toDollars } from '../../../shared/money.ts';
import { levelProgressForEdge } from '../../../shared/levels.ts';
import {
  FREE_LOOT_SHARE_BP,
  FREE_LOOT_WINDOW_MS,
  allowanceMessage,
  freeLootAllowanceCents,
  profitCents,
} from '../../../shared/free-loot-economics.ts';
import { lastDrops } from '../boxes/boxes.service.ts';
import { loadBox, openingBox, rollReel, type Opening } from '../openings/openings.service.ts';
import { remembered, type Remember } from '../wallet/idempotency.ts';
import { lockUserRows } from '../wallet/ledger.ts';
import { assertPlayAllowed } from '../responsible-play/exclusion.ts';
import {
  dailyOpenings,
  depositedSince,
  edgeUnitsSince,
  takenEvSince,
  findFreeBoxBySlug,
  findFreeBoxes,
  findLevel,
  findLowestFreeBox,
  unusedEntitlements,
  useEntitlement,
} from './free-loot.repository.ts';
import { bpToPercent } from '../../../shared/units.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/** GET /api/free-boxes for a player (or a guest: nothing unlocked). */
export async function listFreeBoxes(db: DB, userId: number | null, now: number): Promise<FreeBoxListResponse> {
  const boxes = await findFreeBoxes(db);
  const me = userId === null ? undefined : await findLevel(db, userId);
  const opened = userId === null ? new Map<number, { n: number; last: number }>() : await dailyOpenings(db, userId);
  const promo = userId === null ? 0 : (await unusedEntitlements(db, userId)).length;
  const deposited = userId === null ? 0 : await depositedSince(db, userId, now - FREE_LOOT_DEPOSIT_WINDOW_MS);
  const met = deposited >= FREE_LOOT_MIN_DEPOSIT_CENTS;
  const recentUnits = userId === null ? 0 : await edgeUnitsSince(db, userId, now - FREE_LOOT_WINDOW_MS);
  const taken = userId === null ? 0 : await takenEvSince(db, userId, now - FREE_LOOT_WINDOW_MS);
  const allowance = freeLootAllowanceCents(recentUnits, taken);
  return {
    data: boxes.map((b) => {
      const unlocked = !!me && me.level >= b.min_level;
      const last = opened.get(Number(b.id))?.last;
      const until = last !== undefined && now < last + FREE_BOX_COOLDOWN_MS ? last + FREE_BOX_COOLDOWN_MS : null;
      return {
        slug: b.slug,
        name: b.name,
        img_url: b.img_url,
        min_level: b.min_level,
        items_count: Number(b.items_count ?? 0),
        expected_value: toDollars(b.ev_cents),
        unlocked,
        available: unlocked && met && until === null && allowance >= Number(b.ev_cents),
        next_available_at: until === null ? null : iso(until),
      };
    }),
    level: me ? levelProgressForEdge(Number(me.edge_units), me.level) : null,
    promo_openings: promo,
    deposit_required: me
      ? { min: toDollars(FREE_LOOT_MIN_DEPOSIT_CENTS), deposited_30d: toDollars(deposited), met }
      : null,
    allowance: me
      ? {
          share_percent: bpToPercent(FREE_LOOT_SHARE_BP),
          profit_30d: toDollars(profitCents(recentUnits)),
          taken_30d: toDollars(taken),
          available: toDollars(Math.max(0, allowance)),
        }
      : null,
    server_time: iso(now),
  };
}

/** The refusal of a promo opening of any free box but the lowest tier. */
export const PROMO_TIER_MESSAGE = 'A promo free box opens only the lowest-level free box.';

/** What a free opening did. */
export interface FreeOpening extends Opening {
  via: 'daily' | 'promo';
  nextAvailableAt: number | null; // epoch ms end of the daily cooldown
  promoOpenings: number; // unused promo openings left
}

/**
 * Opens the free box `slug` once for `userId` (daily, or promo=true for a one-time opening);
 * `remember` stores an Idempotency-Key answer inside the opening's transaction.
 */
export async function openFreeBox(
  database: Database,
  userId: number,
  slug: string,
  body: FreeOpenBody,
  now: number,
  remember?: Remember<FreeOpening>,
): Promise<FreeOpening> {
  const { db } = database;
  const fb = await findFreeBoxBySlug(db, slug);
  if (!fb) throw new HttpError(404, 'Box not found.');
  if (body.promo && (await findLowestFreeBox(db))?.id !== fb.id)
    throw new HttpError(403, PROMO_TIER_MESSAGE, { promo: [PROMO_TIER_MESSAGE] });
  const loaded = await loadBox(database, slug);
  const via = body.promo ? 'promo' : 'daily';
  try {
    return await db.transaction().execute(async (trx) => {
      await lockUserRows(trx, [userId]); // lock order: the user row before the seed row (wallet README)
      await assertPlayAllowed(trx, userId, now); // a free opening debits nothing: the ledger does not see it
      const me = await findLevel(trx, userId);
      if (!me) throw new HttpError(404, 'User not found.');
      if (me.level < fb.min_level)
        throw new HttpError(403, levelMessage(fb.min_level), { level: [levelMessage(fb.min_level)] });
      const daily = (await dailyOpenings(trx, userId, fb.id)).get(Number(fb.id));
      let nextAvailableAt = daily && now < daily.last + FREE_BOX_COOLDOWN_MS ? daily.last + FREE_BOX_COOLDOWN_MS : null;
      let slot: string;
      if (via === 'promo') {
        const [ent] = await unusedEntitlements(trx, userId);
        if (!ent || !(await useEntitlement(trx, ent.id, now)))
          throw new HttpError(409, 'You have no promo free box to open.');
        slot = `promo:${ent.id}`;
      } else {
        if ((await depositedSince(trx, userId, now - FREE_LOOT_DEPOSIT_WINDOW_MS)) < FREE_LOOT_MIN_DEPOSIT_CENTS) {
          throw new HttpError(403, DEPOSIT_REQUIRED_MESSAGE, { deposit: [DEPOSIT_REQUIRED_MESSAGE] });
        }
        if (nextAvailableAt !== null) {
          const msg = cooldownMessage(nextAvailableAt - now);
          throw new HttpError(429, msg, { next_available_at: [iso(nextAvailableAt)] });
        }
        // the allowance: half the expected house profit of the last 30 days minus the EV taken in them
        const allowance = freeLootAllowanceCents(
          await edgeUnitsSince(trx, userId, now - FREE_LOOT_WINDOW_MS),
          await takenEvSince(trx, userId, now - FREE_LOOT_WINDOW_MS),
        );
        if (allowance < Number(fb.ev_cents)) {
          const msg = allowanceMessage(Number(fb.ev_cents), allowance);
          throw new HttpError(403, msg, { allowance: [msg] });
        }
        slot = `daily:${daily?.n ?? 0}`;
        nextAvailableAt = now + FREE_BOX_COOLDOWN_MS;
      }
      const out = await rollReel(trx, { userId, loaded, reel: 0, source: 'free_box', debitCents: 0, now });
      await trx
        .insertInto('free_box_openings')
        .values({
          user_id: userId,
          free_box_id: fb.id,
          via,
          slot,
          drop_id: out.dropId,
          ev_cents: Number(fb.ev_cents),
          opened_at: now,
        })
        .execute();
      const promoOpenings = (await unusedEntitlements(trx, userId)).length;
      const result: FreeOpening = {
        box: { ...openingBox(loaded), priceCents: 0 },
        source: 'free_box',
        createdAt: now,
        costCents: 0,
        reels: [out.reel],
        balanceCents: null,
        dropIds: [out.dropId],
        openingIds: [out.openingId],
        via,
        nextAvailableAt,
        promoOpenings,
      };
      return remembered(trx, remember, result);
    });
  } catch (e) {
    // a parallel opening of the same slot committed first
    if (isUniqueViolation(e)) throw new HttpError(429, 'This free box was just opened.');
    throw e;
  }
}

/** GET /api/free-boxes/{slug}/last-drops: drops of that free box from free openings (404 when it is not one). */
export async function freeBoxLastDrops(db: DB, slug: string, opts: { best: boolean; limit: number }): Promise<Drop[]> {
  if (!(await findFreeBoxBySlug(db, slug))) throw new HttpError(404, 'Box not found.');
  return lastDrops(db, { slug, best: opts.best, limit: opts.limit, source: 'free_box' });
}
