// PostgreSQL only, partly superseded: this migration redefined `la_apply_bet(plan jsonb)` (0032) for
// the upgrade on the bets engine and created `la_plan_ids`; 0034 redefines both with CREATE OR
// REPLACE (same signatures), so a fresh database's end state does not depend on those bodies and `up`
// keeps only the drop of the last per-game functions (a no-op on a fresh database, where 0020–0023
// no longer create them). Databases that ran it keep its name in the migrator's table (the name
// stays for that). Its SQL is in git history (commit 3281322 and before). What it changed against
// 0032 (the steps are 0032's), as 0034 keeps it:
//   - every plan moves the player's row (userTotals always has the player), so the player's name
//     comes from the locked row;
//   - after the nonce, the plan's `claims`: per claim ONE conditional UPDATE of the rows of its
//     table whose id is in its ids and that still match its `where`, setting its `set`; fewer rows
//     than ids (taken by a parallel bet) raises SQLSTATE LA410 with the claim's index, rolling the
//     statement back; the caller throws the claim's refusal (bets/apply-pg.ts);
//   - after the rows, the plan's `links` (a row's columns that name later rows): one UPDATE each;
//   - the opening tables (inventory_items, drops, box_openings) and upgrades take static INSERTs
//     like dice_bets and plinko_bets (plpgsql plans an EXECUTE on every call: box openings ×5 on
//     the generic path went 696 → 436/s). The column lists are in the function (0034 now): a new
//     column of these tables must be added there, else it takes null. An opening's box-version check (`boxes` by id and
//     current_version_id) and its counter (`box_open_counts` by box_id and shard, adding n) are
//     static statements too when the plan names exactly those columns; any other shape is generic;
//   - `{#i}` is replaced by la_plan_ids per token present, not per id inserted so far.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

const dropped = [
  'la_upgrade(bigint, bigint[], text, bigint, bigint, integer, integer, integer, bigint, bigint)',
  'la_upgrade_chance(bigint, bigint, integer, integer, integer)',
  'la_hmac_sha256(bytea, bytea)',
  'la_xor_pad(text, bigint)',
  'la_level_for_xp(bigint)',
];

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const fn of dropped) await sql.raw(`drop function if exists ${fn}`).execute(db);
}
