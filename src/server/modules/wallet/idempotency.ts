// The optional Idempotency-Key header of money calls (bets, openings, upgrades, sales; withdrawals
// keep theirs in withdrawals.request_key). The first answer is stored in `idempotent_requests`
// INSIDE the call's own transaction, so it commits with the money or not at all; a retry with the
// same key (per user) returns that answer and moves nothing, and a concurrent retry loses on the
// UNIQUE (user_id, request_key) and returns the winner's answer. A key reused for another call or
// another body answers 409.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { Tables } from '../../db/tables.ts';
import { HttpError } from '../../http/errors.ts';

/** The message of a malformed header. */
export const KEY_FORMAT_MESSAGE = 'The Idempotency-Key header must be 1–100 visible ASCII characters.';
/** The message of a key reused for a different request. */
export const KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used for a different request.';

/** The request's Idempotency-Key header: undefined when absent, 422 when malformed. */
export function idempotencyKeyHeader(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || !/^[\x21-\x7e]{1,100}$/.test(key))
    throw new HttpError(422, KEY_FORMAT_MESSAGE, { 'Idempotency-Key': [KEY_FORMAT_MESSAGE] });
  return key;
}

/** A money call made with an Idempotency-Key. */
export interface IdempotentCall {
  userId: number;
  key: string;
  scope: string; // e.g. "dice:bet"
  bodyHash: string;
}

/** The call of `request` under `scope` (null without the header). */
export function idempotentCall(
  request: FastifyRequest,
  userId: number,
  scope: string,
  body: unknown,
): IdempotentCall | null {
  const key = idempotencyKeyHeader(request);
  if (key === undefined) return null;
  const bodyHash = createHash('sha256')
    .update(`${scope}\n${JSON.stringify(body)}`)
    .digest('hex');
  return { userId, key, scope, bodyHash };
}

/** Called by a service at the end of its transaction with its result. */
export type Remember<T> = (trx: Transaction<Tables>, result: T) => Promise<void>;

/** A service's last step in its transaction: records `result` for an Idempotency-Key call (when
 * `remember` is given) and returns it. */
export async function remembered<T>(
  trx: Transaction<Tables>,
  remember: Remember<T> | undefined,
  result: NoInfer<T>,
): Promise<T> {
  await remember?.(trx, result);
  return result;
}

async function firstAnswer(db: DB, call: IdempotentCall): Promise<unknown> {
  const row = await db
    .selectFrom('idempotent_requests')
    .select(['scope', 'body_hash', 'response'])
    .where('user_id', '=', call.userId)
    .where('request_key', '=', call.key)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.scope !== call.scope || row.body_hash !== call.bodyHash)
    throw new HttpError(409, KEY_REUSED_MESSAGE, { 'Idempotency-Key': [KEY_REUSED_MESSAGE] });
  return JSON.parse(row.response);
}

/**
 * Runs a money call once per key: `work` does the transaction and calls `remember` inside it,
 * `view` makes the answer, `after` publishes after commit (skipped on a replay).
 */
export async function runOnce<T, R>(
  db: DB,
  call: IdempotentCall | null,
  steps: {
    work: (remember: Remember<NoInfer<T>>) => Promise<T>;
    view: (result: T) => R;
    after: (result: T) => Promise<void>;
  },
): Promise<R> {
  const { work, view, after } = steps;
  if (!call) {
    const result = await work(async () => undefined);
    await after(result);
    return view(result);
  }
  const first = await firstAnswer(db, call);
  if (first !== undefined) return first as R;
  try {
    const result = await work(async (trx, r) => {
      await trx
        .insertInto('idempotent_requests')
        .values({
          user_id: call.userId,
          request_key: call.key,
          scope: call.scope,
          body_hash: call.bodyHash,
          response: JSON.stringify(view(r)),
          created_at: Date.now(),
        })
        .execute();
    });
    await after(result);
    return view(result);
  } catch (e) {
    // A concurrent call with the same key committed first: its answer is this call's answer, whatever
    // failed here — the key's unique index, or the work itself (the balance or item the first call spent).
    const winner = await firstAnswer(db, call);
    if (winner === undefined) throw e;
    return winner as R;
  }
}
