// Issue 24 item 9: POST /api/crash/bet honours the Idempotency-Key header like every other bet
// (wallet/idempotency.ts). Before the fix a retry with the same key answered 422 "You already have a
// bet in this round." instead of the first answer; now it returns that answer and moves money once,
// and the same key with another body answers 409 as on dice.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachDb } from '../../helpers/test-db.ts';
import type { TestPlayer } from '../../helpers/users.ts';
import { crashRig, type CrashRig } from './crash-rig.ts';

describeEachDb('crash bet Idempotency-Key', (dialect) => {
  let rig: CrashRig;
  beforeEach(async () => {
    rig = await crashRig(dialect);
    rig.loop.start();
    await rig.until('starting', 1);
  });
  afterEach(async () => {
    await rig.loop.stop();
    await rig.dispose();
  });

  const post = (p: TestPlayer, payload: object, key: string) =>
    rig.t.fastify.inject({
      method: 'POST',
      url: '/api/crash/bet',
      headers: { ...p.headers, 'idempotency-key': key },
      payload,
    });
  const moves = async (p: TestPlayer) =>
    (await rig.db.selectFrom('ledger').select('kind').where('user_id', '=', p.id).execute()).length;

  it('a retried bet returns the first answer and debits once', async () => {
    const p = await rig.player();
    const first = await post(p, { amount: 2.5, auto_cashout: 2 }, 'crash-retry-1');
    expect(first.statusCode, first.body).toBe(200);
    const ledgerAfter = await moves(p);
    const retries = await Promise.all([
      post(p, { amount: 2.5, auto_cashout: 2 }, 'crash-retry-1'),
      post(p, { amount: 2.5, auto_cashout: 2 }, 'crash-retry-1'),
    ]);
    for (const r of retries) {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toEqual(first.json());
    }
    expect(await rig.balance(p)).toBe(100_000 - 250);
    expect(await moves(p)).toBe(ledgerAfter);
    const bets = await rig.db.selectFrom('crash_bets').select('id').where('user_id', '=', p.id).execute();
    expect(bets).toHaveLength(1);
    // only the first call announced the bet
    expect(rig.sent.filter((s) => s.event === 'bets' && s.payload.type === 'placed')).toHaveLength(1);
  });

  it('parallel first requests with one key place one bet and all get its answer', async () => {
    const p = await rig.player();
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(p, { amount: 1 }, 'crash-parallel')));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await rig.balance(p)).toBe(100_000 - 100);
  });

  it('the same key with another body or on another game answers 409 and moves nothing', async () => {
    const p = await rig.player();
    expect((await post(p, { amount: 1 }, 'crash-reused')).statusCode).toBe(200);
    const before = await rig.balance(p);
    const other = await post(p, { amount: 3 }, 'crash-reused');
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('This Idempotency-Key was already used for a different request.');
    const dice = await rig.t.fastify.inject({
      method: 'POST',
      url: '/api/dice/bet',
      headers: { ...p.headers, 'idempotency-key': 'crash-reused' },
      payload: { amount: 1, target: 50, direction: 'over' },
    });
    expect(dice.statusCode).toBe(409);
    expect(await rig.balance(p)).toBe(before);
  });

  it('without a key a second bet in the round is still refused', async () => {
    const p = await rig.player();
    expect((await rig.bet(p, { amount: 1 })).statusCode).toBe(200);
    const again = await rig.bet(p, { amount: 1 });
    expect(again.statusCode).toBe(422);
    expect(again.json().msg).toBe('You already have a bet in this round.');
  });
});
