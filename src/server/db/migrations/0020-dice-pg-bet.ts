// PostgreSQL only, superseded: this migration created la_dice_bet (a dice bet as one function call) and the helpers la_xor_pad,
// la_hmac_sha256 and la_level_for_xp. 0032 dropped la_dice_bet when the instant bets moved onto the generic
// la_apply_bet (src/server/bets/) and 0033 dropped the helpers, so a fresh database's end state does not
// depend on it and `up` does nothing. Databases that ran it keep its name in the migrator's table (the
// name stays for that). Its SQL is in git history (commit 3281322 and before).

/** Nothing to do: see the file comment. */
export async function up(): Promise<void> {}
