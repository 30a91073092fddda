// The creator's share of an opening of their custom box, paid inside the opening's transaction.
import type SQLite from 'better-sqlite3';
import type { Transaction } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import type { ReelResult } from '../../../shared/api/box-open.ts';
import { creatorShareCents } from '../../../shared/games/boxes/custom-box.quote.ts';
import { writerStatements } from '../../db/hot/statements.ts';
import { applyMoveIn, lockUserRows, type Move } from '../wallet/ledger.ts';
import { applyMoveSync } from '../wallet/ledger-sync.ts';
import { addCreatorEarnings } from './user-boxes.repository.ts';

/** The box fields the share needs (from findBoxBySlug). */
export interface ShareBox {
  id: number;
  slug: string;
  version: number;
  creator_id: number | null;
  creator_share_bp: number;
}

/** A credit made to a creator, to publish their balanceUpdated after commit. */
export interface CreatorCredit {
  userId: number;
  balanceCents: number;
}

/**
 * The creator's credit for one paid reel: floor(price × share), ledger kind `creator_share`, key
 * `creator_share:{server seed hash}:{nonce}` (one per reel, replay-safe). Null for catalog boxes, a
 * zero share, or a creator opening their own box (no self-rebate).
 */
function shareMove(box: ShareBox, openerId: number, paidCents: number, reel: ReelResult, now: number): Move | null {
  if (box.creator_id === null || Number(box.creator_id) === openerId || paidCents <= 0) return null;
  const cents = creatorShareCents(paidCents, box.creator_share_bp);
  if (cents <= 0) return null;
  return {
    userId: Number(box.creator_id),
    deltaCents: cents,
    kind: 'creator_share',
    reference: `user_box:${box.slug}:v${box.version}`,
    idempotencyKey: `creator_share:${reel.server_seed_hash}:${reel.nonce}`,
    now,
  };
}

/** Pays the creator's share of one paid reel inside the opening's transaction (see shareMove). */
export async function payCreatorShare(
  trx: Transaction<Tables>,
  box: ShareBox,
  openerId: number,
  paidCents: number,
  reel: ReelResult,
  now: number,
): Promise<CreatorCredit | null> {
  const share = shareMove(box, openerId, paidCents, reel, now);
  if (!share) return null;
  const move = await applyMoveIn(trx, share);
  if (!move.replayed) await addCreatorEarnings(trx, box.id, share.deltaCents);
  return { userId: share.userId, balanceCents: move.balanceAfterCents };
}

/** payCreatorShare inside a synchronous SQLite job (openings.sqlite-open.ts). */
export function payCreatorShareSync(
  sqlite: SQLite.Database,
  box: ShareBox,
  openerId: number,
  paidCents: number,
  reel: ReelResult,
  now: number,
): CreatorCredit | null {
  const share = shareMove(box, openerId, paidCents, reel, now);
  if (!share) return null;
  const move = applyMoveSync(sqlite, share);
  if (!move.replayed) writerStatements(sqlite).addCreatorEarnings.run(share.deltaCents, box.id);
  return { userId: share.userId, balanceCents: move.balanceAfterCents };
}

/**
 * Locks the opener's user row, and the creator's for a custom box, in ascending id order before
 * the seed row and any money move: the lock order of every money transaction (wallet README).
 * Two creators opening each other's boxes, or an opening beside a dice bet, cannot deadlock.
 */
export async function lockShareParties(trx: Transaction<Tables>, box: ShareBox, openerId: number): Promise<void> {
  await lockUserRows(trx, box.creator_id === null ? [openerId] : [openerId, Number(box.creator_id)]);
}
