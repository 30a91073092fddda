// PostgreSQL only, superseded: this migration created la_plinko_bet (a plinko drop as one function call). 0032 dropped it when the
// instant bets moved onto the generic la_apply_bet (src/server/bets/), so a fresh database's end state does not
// depend on it and `up` does nothing. Databases that ran it keep its name in the migrator's table (the
// name stays for that). Its SQL is in git history (commit 3281322 and before).

/** Nothing to do: see the file comment. */
export async function up(): Promise<void> {}
