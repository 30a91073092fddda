// Rocket on the round loop with a fake clock: bets only while starting, cash-outs from the server's
// clock (the boundary at the crash point), auto cash-outs at exactly their target, the round's
// payout cap, parallel cash-outs paid once, and a restart in every status settling each bet once.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachDb } from '../../helpers/test-db.ts';
import { crashMsForCents, crashCentsAt } from '../../../src/shared/games/crash/crash.curve.ts';
import { crashPoint } from '../../../src/shared/fair/crash.ts';
import { createCrashLoop, CRASH_TIMINGS } from '../../../src/server/modules/crash/crash.game.ts';
import { LocalLeadership } from '../../../src/server/rounds/leadership.ts';
import { LocalPublisher } from '../../../src/server/realtime/publisher.ts';
import { chainInfo, gameHash } from '../../../src/server/modules/crash/crash-chain.ts';
import { crashRig, type CrashRig } from './crash-rig.ts';

describeEachDb('crash rounds', (dialect) => {
  let rig: CrashRig;
  beforeEach(async () => {
    rig = await crashRig(dialect, { CRASH_MAX_ROUND_PAYOUT: '1000' }); // $1,000 paid per round at most
  });
  afterEach(async () => {
    await rig.loop.stop();
    await rig.dispose();
  });

  /** Starts the loop and waits for round `id` to be starting; fixes its crash point when given. */
  async function startingRound(id = 1, crashCents?: number) {
    rig.loop.start();
    await rig.until('starting', id);
    if (crashCents !== undefined) await rig.setCrashPoint(id, crashCents);
    return (await rig.latest())!;
  }

  it('takes bets only while the round is starting; one per player; limits', async () => {
    const p = await rig.player();
    expect((await rig.bet(p, { amount: 1 })).statusCode).toBe(422); // no round yet
    const round = await startingRound(1, 500);
    const first = await rig.bet(p, { amount: 2.5, auto_cashout: 2 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      data: { amount: 2.5, auto_cashout: 2, status: 'active', round_id: 1, multiplier: null, payout: null },
      balance: 997.5,
      msg: 'Bet placed.',
    });
    expect((await rig.bet(p, { amount: 1 })).json().msg).toBe('You already have a bet in this round.');
    const q = await rig.player();
    for (const body of [{ amount: 0.09 }, { amount: 1000.01 }, { amount: 1.001 }, { amount: 1, auto_cashout: 1 }]) {
      const res = await rig.bet(q, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().msg).toBeTruthy();
    }
    expect((await rig.bet(q, { amount: 'x' })).statusCode).toBe(422);
    await rig.clock.advanceUntil(async () => rig.clock.now() >= round.betting_ends_at!, 10);
    const late = await rig.bet(q, { amount: 1 });
    expect(late.statusCode).toBe(422);
    expect(late.json().msg).toMatch(/only while a round is starting/);
    await rig.until('in_progress', 1);
    expect((await rig.bet(q, { amount: 1 })).statusCode).toBe(422);
    expect(await rig.balance(q)).toBe(100_000);
    const placed = rig.sent.filter((s) => s.event === 'bets' && s.payload.type === 'placed');
    expect(placed).toHaveLength(1);
  });

  it('cashes out at the multiplier of the server clock; at the crash point it is too late', async () => {
    await startingRound(1, 200);
    const [a, b, c] = [await rig.player(), await rig.player(), await rig.player()];
    for (const p of [a, b, c]) expect((await rig.bet(p, { amount: 10 })).statusCode).toBe(200);
    await rig.until('in_progress', 1, 50);
    const started = (await rig.latest())!.in_progress_at!;
    expect((await rig.close(a)).statusCode).toBe(200); // early: ~1.00×
    const crashAt = started + crashMsForCents(200);
    await rig.clock.advance(crashAt - 1 - rig.clock.now());
    const ok = await rig.close(b);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ data: { multiplier: 1.99, payout: 19.9 }, balance: 1009.9 });
    await rig.clock.advance(1); // the crash point
    const late = await rig.close(c);
    expect(late.statusCode).toBe(422);
    expect(late.json().msg).toBe('Too late: the rocket has crashed.');
    expect(await rig.balance(c)).toBe(99_000);
    expect((await rig.latest())!.status).toBe('ended');
    const statuses = (await rig.get('/api/crash/current')).json().data.bets.map((x: { status: string }) => x.status);
    expect(statuses).toEqual(['cashed_out', 'cashed_out', 'lost']);
  });

  it('refuses a cash-out at the crash point even while no process has ended the round yet', async () => {
    await startingRound(1, 150);
    const p = await rig.player();
    await rig.bet(p, { amount: 10 });
    await rig.until('in_progress', 1, 50);
    await rig.loop.halt(); // the leader died: the row still says in_progress
    const started = (await rig.latest())!.in_progress_at!;
    await rig.clock.advance(started + crashMsForCents(150) - rig.clock.now());
    expect((await rig.close(p)).json().msg).toBe('Too late: the rocket has crashed.');
    expect((await rig.latest())!.status).toBe('in_progress');
  });

  it('auto cash-outs pay exactly their target whenever the round reaches it', async () => {
    await startingRound(1, 300);
    const players = [await rig.player(), await rig.player(), await rig.player(), await rig.player()];
    const targets = [1.57, 2.03, 2.99, 3];
    for (const [i, p] of players.entries()) await rig.bet(p, { amount: 3.33, auto_cashout: targets[i] });
    await rig.until('ended', 1, 37); // odd steps: ticks never fall on the targets
    const bets = (await rig.get('/api/crash/current')).json().data.bets;
    expect(bets.map((b: { multiplier: number | null }) => b.multiplier)).toEqual([1.57, 2.03, 2.99, null]);
    expect(bets.map((b: { payout: number }) => b.payout)).toEqual([5.22, 6.75, 9.95, 0]);
    for (const [i, p] of players.entries()) {
      expect(await rig.balance(p)).toBe(100_000 - 333 + [522, 675, 995, 0][i]!);
    }
    const cashed = rig.sent.filter((s) => s.event === 'bets' && s.payload.type === 'cashed_out');
    expect(cashed).toHaveLength(3);
    // each went out while the round was still in progress, at about its target's time
    const started = (await rig.latest())!.in_progress_at!;
    for (const [i, s] of cashed.entries()) {
      expect(s.at).toBeGreaterThanOrEqual(started + crashMsForCents(Math.round(targets[i]! * 100)));
      expect(crashCentsAt(s.at - started)).toBeLessThan(300);
    }
  });

  it('caps the round: past its maximum payout every open bet is cashed out at that point', async () => {
    await startingRound(1, 1000);
    const [a, b, c] = [await rig.player(200_000), await rig.player(200_000), await rig.player(200_000)];
    await rig.bet(a, { amount: 200 });
    await rig.bet(b, { amount: 200 });
    const over = await rig.bet(c, { amount: 800 }); // stakes past $1,000 / 1.01
    expect(over.statusCode).toBe(422);
    await rig.bet(c, { amount: 100, auto_cashout: 1.2 });
    await rig.until('in_progress', 1, 50);
    // c's auto at 1.20 pays $120; the cap for a and b is then (1000 − 120) / 400 = 2.20×
    await rig.until('ended', 1, 50);
    const bets = (await rig.get('/api/crash/current')).json().data.bets;
    expect(bets.map((x: { multiplier: number }) => x.multiplier)).toEqual([2.2, 2.2, 1.2]);
    const total = bets.reduce((sum: number, x: { payout: number }) => sum + x.payout, 0);
    expect(total).toBeCloseTo(1000, 2);
  });

  it('two cash-outs in parallel pay once', async () => {
    await startingRound(1, 1000);
    const p = await rig.player();
    await rig.bet(p, { amount: 10 });
    await rig.until('in_progress', 1, 50);
    await rig.clock.advance(3000);
    const results = await Promise.all([rig.close(p), rig.close(p), rig.close(p)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422, 422]);
    const bet = (await rig.get('/api/crash/current')).json().data.bets[0];
    expect((await rig.ledger(bet.id)).map((l) => l.kind)).toEqual(['crash_bet', 'crash_win']);
    expect(await rig.balance(p)).toBe(100_000 - 1000 + Math.round(bet.payout * 100));
  });

  it.each(['starting', 'pending', 'in_progress', 'ended'] as const)(
    'a restart in %s continues the same round and settles every bet once',
    async (status) => {
      await startingRound(1, 250);
      const players = [await rig.player(), await rig.player(), await rig.player()];
      await rig.bet(players[0]!, { amount: 5, auto_cashout: 1.5 });
      await rig.bet(players[1]!, { amount: 5 });
      await rig.bet(players[2]!, { amount: 5, auto_cashout: 2.5 });
      await rig.until(status, 1, 20);
      await rig.loop.halt();
      const before = (await rig.latest())!;
      await rig.clock.advance(700);
      // a new process: its own loop on the same database and clock
      const next = createCrashLoop({
        database: rig.t.database,
        clock: rig.clock,
        leadership: new LocalLeadership(),
        publisher: new LocalPublisher(),
        chainGames: 2000,
        maxRoundPayoutCents: 100_000,
      });
      next.start();
      await rig.until('starting', 2, 50);
      await next.stop();
      const after = await rig.db.selectFrom('crash_rounds').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
      for (const key of ['starting_at', 'betting_ends_at', 'pending_at', 'in_progress_at', 'ended_at'] as const) {
        if (before[key] !== null) expect(after[key]).toBe(before[key]); // the same round, continued
      }
      const bets = await rig.db.selectFrom('crash_bets').selectAll().orderBy('id').execute();
      expect(bets.map((b) => b.status)).toEqual(['cashed_out', 'lost', 'lost']);
      expect(bets.map((b) => b.multiplier_cents)).toEqual([150, null, null]);
      for (const b of bets) {
        const kinds = (await rig.ledger(b.id)).map((l) => l.kind);
        expect(kinds).toEqual(b.status === 'cashed_out' ? ['crash_bet', 'crash_win'] : ['crash_bet']);
      }
    },
  );

  it('each round plays the next game of the chain, backwards, with the published formula', async () => {
    rig.loop.start();
    await rig.until('starting', 3, 100);
    const chain = (await chainInfo(rig.db))!;
    const rounds = await rig.db.selectFrom('crash_rounds').selectAll().orderBy('id').execute();
    expect(rounds.map((r) => r.game_number)).toEqual([1, 2, 3]);
    for (const r of rounds) {
      expect(r.hash).toBe(await gameHash(rig.db, chain, r.game_number));
      expect(r.crash_point_cents).toBe(Math.round(crashPoint(r.hash, chain.salt) * 100));
    }
    const fairness = (await rig.get('/api/crash/fairness')).json().data;
    expect(fairness).toEqual({ terminating_hash: chain.terminatingHash, salt: chain.salt, games_played: 2 });
    expect(CRASH_TIMINGS.bettingMs).toBeGreaterThanOrEqual(5000);
  });
});
