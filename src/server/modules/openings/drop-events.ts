// The public channel's `lastDrop` payloads of an opening (spec §3), built from what the opening
// already holds — the box, each reel's item and its price snapshot, the drop ids — plus the
// player's name and avatar (read off the writer's queue on SQLite). The same shape as
// GET /api/boxes/{slug}/last-drops serves from the drops table.
import type { DB } from '../../db/database.ts';
import { userFace } from '../../db/hot/reads.ts';
import type { Drop } from '../../../shared/api/boxes.ts';
import { iso } from '../boxes/catalog.view.ts';
import type { Opening } from './opening-result.ts';

/** One `lastDrop` event per reel of a committed opening by `userId`, in reel order. */
export async function dropEvents(db: DB, opening: Opening, userId: number): Promise<(Drop & { user_id: number })[]> {
  if (!opening.dropIds.length) return [];
  const face = await userFace(db, userId);
  const user = { id: userId, name: face?.name ?? '', avatar_url: face?.avatar_url ?? null };
  const { slug, name, img_url } = opening.box;
  return opening.reels.map(({ item }, i) => ({
    id: opening.dropIds[i]!,
    source: opening.source,
    created_at: iso(opening.createdAt),
    box: { slug, name, img_url },
    item: {
      id: item.id,
      name: item.name,
      img_url: item.img_url,
      rarity: item.rarity,
      price: item.price,
      sale_price: item.sale_price,
    },
    user,
    opening_id: opening.openingIds[i] ?? null,
    user_id: userId,
  }));
}
