// Levels and free loot: XP source on users, free boxes per level tier, free-box openings.
import type { Generated } from 'kysely';

/** Columns migration 0008 adds to `users`. */
export interface UsersLevelColumns {
  wagered_cents: Generated<number>; // integer cents of wager debits ever (bet, box, user_box, upgrade)
  edge_units: Generated<number>; // Σ wager cents × the game's edge bp (migration 0012); XP = /10,000 (1 XP per cent of expected house profit)
}

/** A box anyone at `min_level` or above may open for free once per 24 h. */
export interface FreeBoxesTable {
  id: Generated<number>;
  box_id: number; // UNIQUE; a box of box_type 'free'
  min_level: number; // level tier that unlocks it: 1, 10, 20 … 110
  created_at: number; // epoch ms
}

/** One free-box opening; UNIQUE (user_id, free_box_id, slot) makes a slot open once. */
export interface FreeBoxOpeningsTable {
  id: Generated<number>;
  user_id: number;
  free_box_id: number;
  via: string; // 'daily' | 'promo'
  slot: string; // 'daily:{n}' (n-th daily opening of this box) or 'promo:{entitlement id}'
  drop_id: number;
  ev_cents: Generated<number>; // the box's expected value when opened (migration 0012): what the allowance counts
  opened_at: number; // epoch ms
}

/** Level and free-loot tables. */
export interface LevelsTables {
  free_boxes: FreeBoxesTable;
  free_box_openings: FreeBoxOpeningsTable;
}
