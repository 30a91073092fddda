// Self-exclusion as the money paths see it: the refusal every bet, opening and deposit gives while
// a player is self-excluded. The ledger checks it on every wager debit (wallet/ledger.ts); plays
// that debit no balance (free boxes, item-only upgrades) and deposit entries call assertPlayAllowed.
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import { HttpError } from '../../http/errors.ts';

/** "2026-12-26 11:00 UTC": how a refusal names an instant. */
export function utcLabel(epochMs: number): string {
  return `${new Date(epochMs).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** 403 naming the self-exclusion and its end. */
export class SelfExcluded extends HttpError {
  constructor(until: number, what: 'bets and openings' | 'deposits' = 'bets and openings') {
    super(403, `You are self-excluded until ${utcLabel(until)}: ${what} are closed until then.`);
  }
}

/** `row`'s self-exclusion end when it is still running at `now`, else null. */
function running(row: { self_excluded_until: number | null } | undefined, now: number): number | null {
  const until = row?.self_excluded_until == null ? null : Number(row.self_excluded_until);
  return until !== null && until > now ? until : null;
}

/** The end of the player's self-exclusion when it is still running at `now`, else null. */
export async function excludedUntil(q: Kysely<Tables>, userId: number, now: number): Promise<number | null> {
  return running(
    await q.selectFrom('users').select('self_excluded_until').where('id', '=', userId).executeTakeFirst(),
    now,
  );
}

/** Throws SelfExcluded when the player may not play at `now`. */
export async function assertPlayAllowed(q: Kysely<Tables>, userId: number, now: number): Promise<void> {
  const until = await excludedUntil(q, userId, now);
  if (until !== null) throw new SelfExcluded(until);
}
