// The access tokens this process accepted lately (keyed hash → token row), for the instant bets on
// PostgreSQL: their route trusts a remembered token for now and its ONE statement, la_apply_bet
// (migrations 0036, 0038), checks it again (not revoked, not expired, same user) before it writes,
// so a bet is one round trip and a logout, revocation or expiry — made by any instance — refuses the
// very next bet. The entry is only a hint: it never says a token is valid, and every path that does not
// end in that statement (an error, an Idempotency-Key, a first bet) looks the token up first
// (`PendingToken.confirm`). Bounded (the oldest entry makes room) and short-lived.
import type { DB } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { lookUpToken, type TokenRow } from './token-lookups.ts';

const MAX_ENTRIES = 20_000; // tokens per process (one per player betting lately)
const TTL_MS = 60_000; // how long an accepted token is trusted until the bet's statement checks it

interface Entry extends TokenRow {
  until: number; // epoch ms (the auth clock)
}

const caches = new WeakMap<DB, Map<string, Entry>>();

function cacheOf(db: DB): Map<string, Entry> {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = new Map()));
  return c;
}

/** Remembers a token the database just accepted. */
export function rememberToken(db: DB, hash: string, row: TokenRow, now: number): void {
  const cache = cacheOf(db);
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.delete(hash); // (re-inserted last: the oldest entry is the first to go)
  cache.set(hash, { id: row.id, user_id: row.user_id, until: now + TTL_MS });
}

/** A token trusted for now: its user and what la_apply_bet checks (see the file comment). */
export class PendingToken {
  private checked?: Promise<boolean>;

  constructor(
    private readonly db: DB,
    readonly hash: string, // the access token's keyed hash
    readonly id: number, // its oauth_tokens row
    readonly userId: number,
    readonly at: number, // epoch ms the request arrived at (the auth clock): expiry is checked against it
  ) {}

  /** Whether the token is still valid: looked up once, or as la_apply_bet answered. */
  valid(): Promise<boolean> {
    return (this.checked ??= lookUpToken(this.db, this.hash, this.at).then((row) => {
      if (row?.id === this.id && row.user_id === this.userId) return true;
      this.refused();
      return false;
    }));
  }

  /** Throws 401 (as an unknown token) unless the token is still valid. */
  async confirm(): Promise<void> {
    if (!(await this.valid())) throw new HttpError(401, 'Unauthenticated.');
  }

  /** la_apply_bet accepted the token. */
  passed(): void {
    this.checked = Promise.resolve(true);
  }

  /** The token is no longer valid: forgotten here. */
  refused(): void {
    this.checked = Promise.resolve(false);
    caches.get(this.db)?.delete(this.hash);
  }
}

/** The remembered token of `hash`, pending its check; undefined when not remembered lately. */
export function pendingToken(db: DB, hash: string, now: number): PendingToken | undefined {
  const entry = caches.get(db)?.get(hash);
  if (!entry) return undefined;
  if (entry.until > now) return new PendingToken(db, hash, entry.id, entry.user_id, now);
  caches.get(db)!.delete(hash);
  return undefined;
}
