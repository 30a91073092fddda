// PostgreSQL only, superseded: this migration created the first `la_apply_bet(plan jsonb)` and dropped
// 0020–0022's per-game functions. 0033 redefines la_apply_bet with CREATE OR REPLACE (same signature)
// and a fresh database never creates the per-game functions (0020–0023 are no-ops too), so a fresh
// database's end state does not depend on this body and `up` does nothing. Databases that ran it keep
// its name in the migrator's table (the name stays for that). Its SQL is in git history (commit 3281322
// and before). The function's steps, as 0033 refers to them ("the steps are its steps"):
//
// PostgreSQL only (a no-op on SQLite): ONE generic bet function, `la_apply_bet(plan jsonb)`, that
// applies a plan made in TypeScript (src/server/bets/plan.ts, bets/apply-pg.ts) in one round trip,
// and the drop of the per-game functions of 0020–0022 (dice, plinko, box openings). The upgrade's
// la_upgrade (0023) and the HMAC, level and chance helpers it still calls stay until the upgrade
// moves onto the engine (bets/README.md). No game, fairness or level rule is in SQL: the
// function only locks, checks, compares and writes what the plan says.
//   0. the plan's checked rows (`updates`: e.g. a box still at the version planned on), read
//      without a lock: one that no longer matches answers 'stale_row', nothing written;
//   1. the user rows the plan moves, in ascending id, FOR NO KEY UPDATE (the lock order): a missing
//      row answers 'missing', a wager of a self-excluded player 'excluded', a balance below what
//      the moves need 'insufficient' — nothing written;
//   2. the seed pair's nonce by compare-and-set (`where id = pair and nonce = expected and` its
//      seeds): another bet or a rotation since the plan answers 'stale', nothing written; the
//      caller re-plans;
//   3. the plan's updates that add to a row (a custom box's creator earnings): a row that no longer
//      matches raises SQLSTATE LA409, rolling the statement back; the caller reloads and re-plans;
//      the rows, per plan row one insert of its jsonb object into its table (`{#i}` in a value is
//      replaced by row i's id first), then the counters (insert or add on the key's conflict);
// Speed (PostgreSQL dice/plinko bench): plpgsql plans an EXECUTE on every call, so the hot path
// avoids it — dice_bets and plinko_bets rows go in by static statements (their column lists are
// here: a new column of those tables must be added below, else it takes its default), a one-user
// plan (most bets) locks and updates its row by static statements on scalars, and empty
// updates/counters/settled are skipped. Other tables, and several users, take the generic path.
//   4. per user the ledger's conditional UPDATE (never below 0, the self-exclusion condition for a
//      wager, wagered and edge units added), the settled_wagers rows, the ledger rows (balance after
//      = the user's balance after the plan + the move's offset).
// It answers {status 'ok', ids, users: {id: [balance, edge_units, level]}, name}. The level is
// TypeScript's (shared/levels.ts): the plan argument carries, per user, the levels the bet may reach
// as [level, edge units it needs] pairs (none when the caller does not know the user's edge units);
// the function grants those the row's edge units reach, and the caller raises the level from the
// answer when a level it did not offer was reached.

/** Nothing to do: see the file comment. */
export async function up(): Promise<void> {}
