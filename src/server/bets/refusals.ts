// The refusals of a bet, the same on every executor and as the ledger words them (wallet/ledger.ts):
// 404 without the user, 403 SelfExcluded for a wager while self-excluded, 422 InsufficientFunds
// when a move would take a balance below 0. Checked on the user rows before the first write. On
// PostgreSQL also 401 when the plan's pending access token is no longer valid (checked first).
import { HttpError } from '../http/errors.ts';
import { InsufficientFunds } from '../modules/wallet/ledger.ts';
import { SelfExcluded } from '../modules/responsible-play/exclusion.ts';
import type { PlanClaim, UserTotal } from './plan.ts';

/** The columns of a user row the checks read. */
export interface CheckedUser {
  balance_cents: number | string;
  self_excluded_until: number | string | null;
}

/** Throws the first refusal of `totals` (ascending user id) against the rows `userRow` gives. */
export function refuseTotals(
  totals: readonly UserTotal[],
  userRow: (id: number) => CheckedUser | undefined,
  now: number,
): void {
  for (const t of totals) {
    const row = userRow(t.userId);
    if (!row) throw new HttpError(404, 'User not found.');
    const until = row.self_excluded_until === null ? null : Number(row.self_excluded_until);
    if (t.wager && until !== null && until > now) throw new SelfExcluded(until);
    if (Number(row.balance_cents) < t.needCents) throw new InsufficientFunds();
  }
}

/** Throws the refusal of a claim whose rows are not all there as planned (taken by a parallel bet). */
export function refuseClaim(claim: PlanClaim): never {
  throw new HttpError(claim.refusal.status, claim.refusal.message, claim.refusal.errors);
}

/** A refusal la_apply_bet answered (nothing written). */
export type PgRefusal =
  { status: 'unauthenticated' | 'missing' | 'insufficient' } | { status: 'excluded'; until: number | string };

/** Throws the error of a refusal la_apply_bet answered. */
export function throwRefusal(answer: PgRefusal): never {
  switch (answer.status) {
    case 'unauthenticated': // the plan's token (0036): as the bearer authentication answers it
      throw new HttpError(401, 'Unauthenticated.');
    case 'missing':
      throw new HttpError(404, 'User not found.');
    case 'excluded':
      throw new SelfExcluded(Number(answer.until));
    case 'insufficient':
      throw new InsufficientFunds();
  }
}
