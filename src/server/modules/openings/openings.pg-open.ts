// The PostgreSQL hot path of a box opening: ONE round trip, a call of la_box_open (migration
// 0022-box-open-pg), which locks the user rows (opener and a custom box's creator, ascending) then
// the active seed pair, takes `count` nonces, rolls every reel (HMAC-SHA256 in SQL, the same bytes as
// shared/fair), and writes per reel the ledger debit, the item, the drop, the box_openings row and
// the creator's share, in the statement's own transaction. It answers what openBox answers, with the
// same errors. A player's very first opening creates the seed pairs first (one more trip, once).
// The box and its version's items come from the caller's loadBox; the function refuses them (status
// 'stale', or SQLSTATE LA409 when the version changed while it ran; nothing written) when a newer
// version was published since, and the opening is made again on the box reloaded: a published
// version's price and odds apply from the first opening after it commits (the Kysely path opens the
// version it loaded).
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import type { OpenBody, ReelResult } from '../../../shared/api/box-open.ts';
import { edgeUnitsForWager } from '../../../shared/levels.ts';
import { creatorShareCents } from '../../../shared/games/boxes/custom-box.quote.ts';
import { InsufficientFunds } from '../wallet/ledger.ts';
import { SelfExcluded } from '../responsible-play/exclusion.ts';
import { ensurePairs } from '../fair/fair.repository.ts';
import { itemView, loadBox, type LoadedBox, type Opening } from './openings.service.ts';

/** Openings made again on a reloaded box before giving up with a 409 (each needs a new version published). */
const STALE_RETRIES = 3;

type Answer =
  | { status: 'missing' | 'insufficient' | 'no_pair' | 'stale' }
  | { status: 'excluded'; until: number }
  | {
      status: 'ok';
      reels: { ticket: number; index: number; nonce: number; inventory_item_id: number; drop_id: number }[];
      client_seed: string;
      server_seed_hash: string;
      balance_cents: number;
      creator_balance_cents: number | null;
    };

async function call(database: Database, userId: number, loaded: LoadedBox, count: number, now: number) {
  const { box, items } = loaded;
  const price = Number(box.price_cents);
  const source = box.creator_id === null ? 'box' : 'user_box';
  const creator = box.creator_id === null ? null : Number(box.creator_id);
  const { rows } = await sql<{ answer: Answer }>`select la_box_open(${userId}, ${box.id}, ${box.version_id},
    ${count}, ${price}, ${source}, ${`${source}:${box.slug}:v${box.version}`}, ${edgeUnitsForWager(source, price)},
    ${creator}, ${creatorShareCents(price, box.creator_share_bp)}, ${`user_box:${box.slug}:v${box.version}`},
    ${items.map((i) => i.ticket_from)}::integer[], ${items.map((i) => i.ticket_to)}::integer[],
    ${items.map((i) => i.id)}::bigint[], ${items.map((i) => i.item_price_cents)}::bigint[],
    ${items.map((i) => i.item_sale_price_cents)}::bigint[], ${now}) as answer`.execute(database.db);
  return rows[0]!.answer;
}

/** The call, once more after creating the player's seed pairs when they have none. */
async function callWithPairs(database: Database, userId: number, loaded: LoadedBox, count: number, now: number) {
  const answer = await call(database, userId, loaded, count, now);
  if (answer.status !== 'no_pair') return answer;
  await ensurePairs(database.db, userId, now);
  return call(database, userId, loaded, count, now);
}

const isStaleVersion = (e: unknown) => (e as { code?: string }).code === 'LA409';

/** Opens `body.count` reels of the loaded box on PostgreSQL in one round trip (see the file comment). */
export async function openBoxPg(
  database: Database,
  userId: number,
  loaded: LoadedBox,
  body: OpenBody,
  now: number,
): Promise<Opening> {
  for (let attempt = 0; ; attempt++) {
    const answer = await callWithPairs(database, userId, loaded, body.count, now).catch((e: unknown) => {
      if (isStaleVersion(e)) return { status: 'stale' as const };
      throw e;
    });
    switch (answer.status) {
      case 'stale':
        if (attempt === STALE_RETRIES) throw new HttpError(409, 'The box changed while opening; please try again.');
        loaded = await loadBox(database, loaded.box.slug);
        continue;
      case 'ok':
        return opening(loaded, body.count, userId, answer);
      case 'missing':
        throw new HttpError(404, 'User not found.');
      case 'excluded':
        throw new SelfExcluded(answer.until);
      case 'insufficient':
        throw new InsufficientFunds();
      case 'no_pair':
        throw new Error('la_box_open: no seed pair after ensurePairs');
    }
  }
}

/** The Opening of a statement's answer, as openBox builds it. */
function opening(loaded: LoadedBox, count: number, userId: number, answer: Answer & { status: 'ok' }): Opening {
  const { box, items } = loaded;
  const priceCents = Number(box.price_cents);
  const reels = answer.reels.map((r, reel): ReelResult => ({
    reel,
    ticket: r.ticket,
    item: itemView(items[r.index]!),
    inventory_item_id: r.inventory_item_id,
    nonce: r.nonce,
    client_seed: answer.client_seed,
    server_seed_hash: answer.server_seed_hash,
    server_seed: null,
    box_version: box.version,
  }));
  const creator = box.creator_id === null ? null : Number(box.creator_id);
  return {
    box: { slug: box.slug, version: box.version, priceCents },
    costCents: priceCents * count,
    reels,
    balanceCents: answer.balance_cents,
    dropIds: answer.reels.map((r) => r.drop_id),
    creditedCreator:
      answer.creator_balance_cents === null || creator === null || creator === userId
        ? null
        : { userId: creator, balanceCents: answer.creator_balance_cents },
  };
}
