// Property test of the ledger: random sequences of deposits, debits, withdrawals, cancels and
// replays keep sum(ledger deltas) = balance = the model's balance, never negative, never double-paid.
import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import { applyMove, InsufficientFunds, type Move } from '../../src/server/modules/wallet/ledger.ts';
import { cancelByUser, requestWithdrawal } from '../../src/server/modules/wallet/withdrawals.service.ts';
import { HttpError } from '../../src/server/http/errors.ts';
import { createTestDatabase, describeEachDb, type TestDatabase } from '../helpers/test-db.ts';

const ETH = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

type Op =
  | { kind: 'deposit'; cents: number }
  | { kind: 'debit'; cents: number }
  | { kind: 'withdraw'; cents: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'replay'; pick: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), cents: fc.integer({ min: 1, max: 50_000 }) }),
  fc.record({ kind: fc.constant('debit' as const), cents: fc.integer({ min: 1, max: 30_000 }) }),
  fc.record({ kind: fc.constant('withdraw' as const), cents: fc.integer({ min: 2000, max: 30_000 }) }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('replay' as const), pick: fc.nat() }),
);

describeEachDb('ledger properties', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(() => t.drop());

  it('sum of deltas = balance = model, never negative, replays pay nothing', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        run++;
        const { id } = await t.db
          .insertInto('users')
          .values({
            name: 'p',
            email: `prop-${run}-${Date.now()}@x.io`,
            password_hash: null,
            avatar_url: null,
            balance_cents: 0,
            level: 1,
            created_at: 1,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        let model = 0;
        const done: Move[] = [];
        const withdrawals: { id: number; cents: number; open: boolean }[] = [];
        for (const [i, op] of ops.entries()) {
          if (op.kind === 'deposit' || op.kind === 'debit') {
            const move: Move = {
              userId: id,
              deltaCents: op.kind === 'deposit' ? op.cents : -op.cents,
              kind: op.kind,
              reference: null,
              idempotencyKey: `p:${id}:${i}`,
              now: i,
            };
            if (model + move.deltaCents < 0) {
              await expect(applyMove(t.db, move)).rejects.toBeInstanceOf(InsufficientFunds);
            } else {
              const r = await applyMove(t.db, move);
              model += move.deltaCents;
              expect(r.balanceAfterCents).toBe(model);
              done.push(move);
            }
          } else if (op.kind === 'withdraw') {
            if (model < op.cents) {
              await expect(
                requestWithdrawal(t.db, id, { amountCents: op.cents, method: 'ETH', address: ETH }, i),
              ).rejects.toBeInstanceOf(InsufficientFunds);
            } else {
              const r = await requestWithdrawal(t.db, id, { amountCents: op.cents, method: 'ETH', address: ETH }, i);
              model -= op.cents;
              expect(r.balanceCents).toBe(model);
              withdrawals.push({ id: r.withdrawal.id, cents: op.cents, open: true });
            }
          } else if (op.kind === 'cancel' && withdrawals.length) {
            const w = withdrawals[op.pick % withdrawals.length]!;
            if (w.open) {
              const r = await cancelByUser(t.db, id, w.id, i);
              model += w.cents;
              w.open = false;
              expect(r.balanceCents).toBe(model);
            } else {
              await expect(cancelByUser(t.db, id, w.id, i)).rejects.toBeInstanceOf(HttpError);
            }
          } else if (op.kind === 'replay' && done.length) {
            const r = await applyMove(t.db, done[op.pick % done.length]!);
            expect(r.replayed).toBe(true);
          }
          const { balance_cents } = await t.db
            .selectFrom('users')
            .select('balance_cents')
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          expect(balance_cents).toBe(model);
          expect(balance_cents).toBeGreaterThanOrEqual(0);
        }
        const { rows } = await sql<{
          s: number | null;
        }>`select sum(delta_cents) as s from ledger where user_id = ${id}`.execute(t.db);
        expect(Number(rows[0]!.s ?? 0)).toBe(model);
        const negative = await t.db
          .selectFrom('ledger')
          .select('id')
          .where('user_id', '=', id)
          .where('balance_after_cents', '<', 0)
          .execute();
        expect(negative).toEqual([]);
      }),
      { numRuns: dialect === 'sqlite' ? 60 : 30 },
    );
  }, 120_000);

  it('parallel random credits and debits: balance = start + accepted deltas, never negative, ledger sums up', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 5000 }),
        fc.array(
          fc.integer({ min: -3000, max: 3000 }).filter((d) => d !== 0),
          { minLength: 1, maxLength: 30 },
        ),
        async (start, deltas) => {
          run++;
          const { id } = await t.db
            .insertInto('users')
            .values({
              name: 'q',
              email: `par-${run}-${Date.now()}@x.io`,
              password_hash: null,
              avatar_url: null,
              balance_cents: 0,
              level: 1,
              created_at: 1,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (start)
            await applyMove(t.db, {
              userId: id,
              deltaCents: start,
              kind: 'fund',
              reference: null,
              idempotencyKey: `par:${id}:fund`,
              now: 1,
            });
          const moves = deltas.map((d, i) => ({
            userId: id,
            deltaCents: d,
            kind: 'mix',
            reference: null,
            idempotencyKey: `par:${id}:${i}`,
            now: 2,
          }));
          // every move sent twice at once: the replay must never pay a second time
          const results = await Promise.allSettled([...moves, ...moves].map((m) => applyMove(t.db, m)));
          for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(InsufficientFunds);
          const rows = await t.db
            .selectFrom('ledger')
            .select(['delta_cents', 'balance_after_cents', 'idempotency_key'])
            .where('user_id', '=', id)
            .execute();
          const { balance_cents } = await t.db
            .selectFrom('users')
            .select('balance_cents')
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          expect(rows.reduce((s, r) => s + r.delta_cents, 0)).toBe(balance_cents);
          expect(balance_cents).toBeGreaterThanOrEqual(0);
          expect(rows.every((r) => r.balance_after_cents >= 0)).toBe(true);
          expect(new Set(rows.map((r) => r.idempotency_key)).size).toBe(rows.length);
          const credits = deltas.filter((d) => d > 0).reduce((s, d) => s + d, 0);
          expect(
            rows
              .filter((r) => r.delta_cents > 0 && r.idempotency_key !== `par:${id}:fund`)
              .reduce((s, r) => s + r.delta_cents, 0),
          ).toBe(credits); // credits always land, once
        },
      ),
      { numRuns: dialect === 'sqlite' ? 40 : 20 },
    );
  }, 120_000);
});
