// Battle rows (migrations 0017, 0026): battles, their seats and every round's drops.
import type { Generated } from 'kysely';

/** One battle; `boxes` is the JSON box list in round order with the versions the tickets map onto. */
export interface BattlesTable {
  id: Generated<number>;
  creator_id: number;
  status: string; // waiting | running | ended | canceled
  mode: string; // 1v1 | 1v1v1 | 1v1v1v1 | 2v2 | 3v3
  crazy: number; // 0 | 1
  terminal: number; // 0 | 1
  private: number; // 0 | 1
  boxes: string; // JSON StoredBattleBox[]
  cost_cents: number; // per seat: the sum of the boxes' prices
  server_seed: string; // never shown before the battle ends
  server_seed_hash: string;
  boxes_hash: string;
  public_seed: string | null; // fixed when the last seat fills
  round: number; // latest played round, -1 before the first; drops of later rounds are secret
  winners: string | null; // JSON seat numbers, once ended
  tie_break: string | null; // JSON {candidates, roll, winner} when a tie was broken
  created_at: number; // epoch ms
  started_at: number | null;
  ended_at: number | null;
  invite_code: string | null; // private battles: the code of the invite link (0026)
  leaves: Generated<number>; // seats given up so far while waiting (0026)
}

/** A taken seat: a player (user_id) or a bot (bot_id); payer_id paid its cost. */
export interface BattleSeatsTable {
  id: Generated<number>;
  battle_id: number;
  seat: number; // 0-based
  team: number;
  user_id: number | null;
  bot_id: number | null;
  payer_id: number;
  client_seed: string; // the player's client seed at seat time, or bot:{battle}:{seat}
  created_at: number; // epoch ms
  take: Generated<number>; // battles.leaves when seated: 0 = ledger keys …:seat:{seat}, n = …:seat:{seat}:{n} (0026)
}

/** One seat's drop of one round, computed when the battle starts. */
export interface BattleDropsTable {
  id: Generated<number>;
  battle_id: number;
  round: number;
  seat: number;
  ticket: number; // 1..100,000
  product_id: number;
  price_cents: number; // the box version's price snapshot: the drop's value
  sale_price_cents: number;
  inventory_item_id: number | null; // granted to the FFA winner when the battle ends
}

/** Battle tables. */
export interface BattleTables {
  battles: BattlesTable;
  battle_seats: BattleSeatsTable;
  battle_drops: BattleDropsTable;
}
