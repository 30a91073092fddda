// `npm run admin -- ledger-check`: the money self-check's full pass on demand (every invariant of
// ops/invariants.ts, plus rounds and battles that never ended). Prints what it counted; with a
// violation it prints each one and the command exits 1.
import type { DB } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { checkInvariants } from './invariants.ts';
import { checkWindow } from './money-check.ts';

/** Runs the full check; returns the report lines, or throws (exit 1) listing the violations. */
export async function ledgerCheck(db: DB, now: number): Promise<string[]> {
  const report = await checkInvariants(db);
  const stuck = await checkWindow(db, Number.MAX_SAFE_INTEGER, 1, now); // no players: only the stuck checks
  const violations = [...report.violations, ...stuck.violations];
  const counted = Object.entries(report.counts)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  if (violations.length === 0) return [`Ledger sound: ${counted}.`];
  const total =
    Object.values(report.byInvariant).reduce((a, n) => a + n, 0) +
    Object.values(stuck.byInvariant).reduce((a, n) => a + n, 0);
  throw new HttpError(
    409,
    [`${total} violation(s) of the money invariants (${counted}):`, ...violations.map((v) => `  ${v}`)].join('\n'),
  );
}
