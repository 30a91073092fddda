// The PostgreSQL hot path of a box opening: ONE round trip, a call of la_box_open (migration
// 0022-box-open), which locks the user rows (opener and a custom box's creator, ascending) then
// the active seed pair, takes `count` nonces, rolls every reel (HMAC-SHA256 in SQL, the same bytes as
// shared/fair), and writes per reel the ledger debit, the item, the drop, the box_openings row and
// the creator's share, in the statement's own transaction. It answers what openBox answers, with the
// same errors. A player's very first opening creates the seed pairs first (one more trip, once).
// The box and its version's items come from the caller's loadBox; the function refuses them (status
// 'stale', or SQLSTATE LA409 when a custom box's version changed while it ran; nothing written) when
// a newer version was published since, and the opening is made again on the box reloaded. A publish
// that commits while a catalog box's opening runs applies from the next opening, as on the other
// paths (each opening is of one immutable version, its price and ranges).
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import type { OpenBody } from '../../../shared/api/box-open.ts';
import { wagerEdgeUnits } from '../../../shared/economics/house-edge.ts';
import { creatorShareCents } from '../../../shared/games/boxes/custom-box.quote.ts';
import { refusal, withSeedPairs, withSettledStakes, type Refused } from '../wallet/pg-bet.ts';
import { loadBox, type LoadedBox } from './box-load.ts';
import { openingBox, reelResult, type Opening } from './opening-result.ts';

/** Openings made again on a reloaded box before giving up with a 409 (each needs a new version published). */
const STALE_RETRIES = 3;

type Answer =
  | Refused
  | { status: 'stale' }
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
  const edge = wagerEdgeUnits(source, '', price);
  const fn = sql`la_box_open(${userId}, ${box.id}, ${box.version_id},
    ${count}, ${price}, ${source}, ${`${source}:${box.slug}:v${box.version}`}, ${edge},
    ${creator}, ${creatorShareCents(price, box.creator_share_bp)}, ${`user_box:${box.slug}:v${box.version}`},
    ${items.map((i) => i.ticket_from)}::integer[], ${items.map((i) => i.ticket_to)}::integer[],
    ${items.map((i) => i.id)}::bigint[], ${items.map((i) => i.item_price_cents)}::bigint[],
    ${items.map((i) => i.item_sale_price_cents)}::bigint[], ${now})`;
  const { rows } = await withSettledStakes<Answer>(fn, {
    userId,
    kind: source,
    table: '',
    stakeCents: price,
    edgeUnits: edge,
    keyPrefix: `${source}:`,
    keySuffix: '',
    perReel: true,
    now,
  }).execute(database.db);
  return rows[0]!.answer;
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
    const opened = () => call(database, userId, loaded, body.count, now);
    const answer = await withSeedPairs(database, userId, now, opened).catch((e: unknown) => {
      if (isStaleVersion(e)) return { status: 'stale' as const };
      throw e;
    });
    switch (answer.status) {
      case 'stale':
        if (attempt === STALE_RETRIES) throw new HttpError(409, 'The box changed while opening; please try again.');
        loaded = await loadBox(database, loaded.box.slug);
        continue;
      case 'ok':
        return opening(loaded, body.count, userId, now, answer);
      default:
        refusal(answer, 'la_box_open');
    }
  }
}

/** The Opening of a statement's answer, as openBox builds it. */
function opening(
  loaded: LoadedBox,
  count: number,
  userId: number,
  now: number,
  answer: Answer & { status: 'ok' },
): Opening {
  const { box, items } = loaded;
  const priceCents = Number(box.price_cents);
  const reels = answer.reels.map((r, reel) =>
    reelResult(loaded, reel, {
      ticket: r.ticket,
      won: items[r.index]!,
      inventoryItemId: r.inventory_item_id,
      pair: { server_seed_hash: answer.server_seed_hash, client_seed: answer.client_seed, nonce: r.nonce },
    }),
  );
  const creator = box.creator_id === null ? null : Number(box.creator_id);
  return {
    box: openingBox(loaded),
    source: box.creator_id === null ? 'box' : 'user_box',
    createdAt: now,
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
