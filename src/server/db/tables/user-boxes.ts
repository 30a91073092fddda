// Columns migration 0010 adds to `boxes` for custom (player-made) boxes; catalog boxes keep the defaults.
import type { Generated } from 'kysely';

/** The custom-box columns of a box row. */
export interface UserBoxColumns {
  creator_id: Generated<number | null>; // the player who made it; null for catalog boxes
  creator_share_bp: Generated<number>; // creator's share of each opening, basis points of the price (0 = none)
  creator_earnings_cents: Generated<number>; // total credited to the creator, integer cents
}
