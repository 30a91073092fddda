// Issue 24 item 10: Rocket bets lost to an outage. Before, a round whose leader died rode on while
// nobody could cash out, and the next leader settled it at its committed crash point: every bet
// without an auto cash-out lost. Now a round in progress that no leader drove for more than 5 s
// (its last heartbeat → now or its crash time) is voided: every open bet refunded once through the
// ledger, in the transaction that ends the round; cashed-out bets keep their payouts; the crash
// point is still revealed; clients get the `ended` event with voided and a `refunded` bets event.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachDb } from '../../helpers/test-db.ts';
import { createCrashLoop, type CrashLoop } from '../../../src/server/modules/crash/crash.game.ts';
import { CRASH_VOID_AFTER_MS } from '../../../src/server/modules/crash/crash.void.ts';
import { LocalLeadership } from '../../../src/server/rounds/leadership.ts';
import { LocalPublisher } from '../../../src/server/realtime/publisher.ts';
import { crashMsForCents } from '../../../src/shared/games/crash/crash.curve.ts';
import type { TestPlayer } from '../../helpers/users.ts';
import { sample } from '../../helpers/metrics.ts';
import { roundObserver } from '../../../src/server/ops/round-metrics.ts';
import { crashRig, type CrashRig, type Sent } from './crash-rig.ts';

describeEachDb('crash rounds voided after an outage', (dialect) => {
  let rig: CrashRig;
  const loops: CrashLoop[] = [];
  const errors: unknown[] = []; // of the round metrics' queries
  beforeEach(async () => {
    rig = await crashRig(dialect);
  });
  afterEach(async () => {
    for (const l of loops.splice(0)) await l.stop();
    await rig.loop.stop();
    await rig.dispose();
  });

  /** A new process's loop on the same database and clock (the leader restarted), its broadcasts recorded. */
  function restart(sent: Sent[]): CrashLoop {
    const next = createCrashLoop({
      database: rig.t.database,
      clock: rig.clock,
      leadership: new LocalLeadership(),
      publisher: new LocalPublisher(),
      chainGames: 2000,
      maxRoundPayoutCents: 100_000_000,
    });
    next.addChannel({ emit: (event, payload) => sent.push({ event, payload: payload as never, at: rig.clock.now() }) });
    next.observe(roundObserver(rig.t.fastify.ops.metrics!, rig.t.database, (err) => errors.push(err)));
    loops.push(next);
    next.start();
    return next;
  }
  const round1 = () => rig.db.selectFrom('crash_rounds').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  const bets = () => rig.db.selectFrom('crash_bets').selectAll().orderBy('id').execute();
  const ledgerKinds = async (betId: number) => (await rig.ledger(betId)).map((l) => l.kind);

  /** Round 1 with a 10× crash point (38 s of play) and bets: a rides, b auto at 1.2, c cashes out by hand. */
  async function flying(): Promise<TestPlayer[]> {
    rig.loop.start();
    await rig.until('starting', 1);
    await rig.setCrashPoint(1, 1000);
    const [a, b, c] = [await rig.player(), await rig.player(), await rig.player()];
    expect((await rig.bet(a, { amount: 10 })).statusCode).toBe(200);
    expect((await rig.bet(b, { amount: 10, auto_cashout: 1.2 })).statusCode).toBe(200);
    expect((await rig.bet(c, { amount: 10 })).statusCode).toBe(200);
    await rig.until('in_progress', 1, 50);
    await rig.clock.advance(crashMsForCents(130) + 10); // past 1.30×: b's auto paid
    expect((await rig.close(c)).statusCode).toBe(200);
    return [a!, b!, c!];
  }

  it('a round its leader left for more than 5 s is voided: open bets refunded once, cash-outs kept, crash point revealed', async () => {
    const [a, b, c] = await flying();
    await rig.loop.halt(); // the server goes down mid-flight
    await rig.clock.advance(30_000);
    const sent: Sent[] = [];
    restart(sent);
    await rig.clock.advance(0);
    const r1 = await round1();
    expect(r1.status).toBe('ended');
    expect(r1.voided_at).toBe(r1.ended_at);
    const [ba, bb, bc] = await bets();
    expect([ba!.status, bb!.status, bc!.status]).toEqual(['refunded', 'cashed_out', 'cashed_out']);
    expect(await ledgerKinds(ba!.id)).toEqual(['crash_bet', 'crash_refund']);
    expect(await ledgerKinds(bb!.id)).toEqual(['crash_bet', 'crash_win']);
    expect(await ledgerKinds(bc!.id)).toEqual(['crash_bet', 'crash_win']);
    expect(await rig.balance(a!)).toBe(100_000);
    expect(await rig.balance(b!)).toBe(100_000 - 1000 + 1200);
    expect(await rig.balance(c!)).toBeGreaterThan(100_000);
    // clients: the round ended voided, with its crash point and hash; a's bet refunded
    const ended = sent.find((s) => s.event === 'game' && s.payload.id === 1 && s.payload.status === 'ended');
    expect(ended?.payload).toMatchObject({ voided: true, crash_point: 10, hash: r1.hash });
    const refunded = sent.filter((s) => s.event === 'bets' && s.payload.type === 'refunded');
    expect(refunded.map((s) => (s.payload.bet as { id: number }).id)).toEqual([ba!.id]);
    expect(refunded[0]!.payload.bet).toMatchObject({ amount: 10, payout: 10, multiplier: null });
    const recent = (await rig.get('/api/crash/recent-games')).json().data;
    expect(recent[0]).toMatchObject({ id: 1, crash_point: 10, voided: true });
    const mine = (await rig.get('/api/crash/my-bets', a)).json().data;
    expect(mine[0]).toMatchObject({ status: 'refunded', payout: 10, crash_point: 10 });
    // metrics (the leader, when the round ended): the cash-outs paid, a's stake given back as a refund
    const money = async (name: string) => sample(await rig.t.fastify.ops.metrics!.render(), name, { game: 'crash' });
    await expect.poll(() => money('loot_refunded_cents_total')).toBe(1000);
    expect(await money('loot_paid_cents_total')).toBe(Number(bb!.payout_cents) + Number(bc!.payout_cents));
    expect(errors).toEqual([]);
    // the loop goes on: the next round opens and is not voided
    await rig.until('starting', 2, 100);
    expect((await rig.latest())!.voided_at).toBeNull();
  });

  it('two leaders voiding at once refund each bet once', async () => {
    await flying();
    await rig.loop.halt();
    await rig.clock.advance(10_000);
    const sent: Sent[] = [];
    restart(sent);
    restart(sent);
    await rig.clock.advance(0);
    await rig.clock.advance(100);
    const [ba] = await bets();
    expect(ba!.status).toBe('refunded');
    expect(await ledgerKinds(ba!.id)).toEqual(['crash_bet', 'crash_refund']);
    expect(sent.filter((s) => s.event === 'bets' && s.payload.type === 'refunded')).toHaveLength(1);
  });

  it('a cash-out is refused once the leader has been gone more than 5 s; before that it is paid', async () => {
    const [a, , c] = await flying();
    const d = c; // c already cashed out; a still rides
    expect((await rig.close(d!)).json().msg).toBe('Your bet is already cashed out.');
    await rig.loop.halt();
    await rig.clock.advance(CRASH_VOID_AFTER_MS + 1500); // past any heartbeat + 5 s
    const late = await rig.close(a!);
    expect(late.statusCode).toBe(422);
    expect(late.json().msg).toBe('This round is being voided: your bet will be refunded.');
    restart([]);
    await rig.clock.advance(0);
    expect(await rig.balance(a!)).toBe(100_000);
    expect((await rig.close(a!)).json().msg).toBe('This round was voided: your bet was refunded.');
  });

  it('a short outage (a failover within 5 s) does not void; the round plays on and settles', async () => {
    const [a] = await flying();
    await rig.loop.halt();
    await rig.clock.advance(3000);
    expect((await rig.close(a!)).statusCode).toBe(200); // another instance still takes cash-outs
    restart([]);
    await rig.until('ended', 1, 200);
    const r1 = await round1();
    expect(r1.voided_at).toBeNull();
    expect(r1.heartbeat_at).toBeGreaterThan(r1.ended_at! - 2000); // beaten all the way (38 s of play)
    expect((await bets()).map((x) => x.status)).toEqual(['cashed_out', 'cashed_out', 'cashed_out']);
  });

  it('an outage after the round would have crashed anyway (within 5 s of its last heartbeat) does not void it', async () => {
    rig.loop.start();
    await rig.until('starting', 1);
    await rig.setCrashPoint(1, 150); // crashes 6.76 s into the round
    const p = await rig.player();
    await rig.bet(p, { amount: 10 });
    await rig.until('in_progress', 1, 50);
    const started = (await rig.latest())!.in_progress_at!;
    await rig.clock.advance(crashMsForCents(150) - 2000);
    await rig.loop.halt(); // down 2 s before the crash, back a minute later
    await rig.clock.advance(60_000);
    restart([]);
    await rig.clock.advance(0);
    const r1 = await round1();
    expect(r1.voided_at).toBeNull();
    expect(r1.in_progress_at).toBe(started);
    expect((await bets()).map((x) => x.status)).toEqual(['lost']);
  });

  it('a round that began "in the future" (written by a clock that was ahead) is voided', async () => {
    const [a] = await flying();
    await rig.loop.halt();
    await rig.db
      .updateTable('crash_rounds')
      .set({ in_progress_at: rig.clock.now() + 6.6 * 86_400_000, heartbeat_at: null })
      .where('id', '=', 1)
      .execute();
    restart([]);
    await rig.clock.advance(0);
    expect((await round1()).voided_at).not.toBeNull();
    expect(await rig.balance(a!)).toBe(100_000);
  });
});
