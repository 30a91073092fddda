// A test app for tests that play every game as one player (profile stats, the bets archive): the
// catalog seeded, a short crash chain, battles and the round loops (Rocket, Crazy Wheel) on one fake
// clock; and the steps those tests share — a 1v1 battle played out, a Rocket bet cashed out at 5× in a
// round that crashes at 10×, one Crazy Wheel round with the bets a test places in its betting window.
// Call `gameRig(dialect)` inside a describeEachDb body: it registers its own beforeEach/afterEach.
import { afterEach, beforeEach, expect } from 'vitest';
import type { Dialect } from '../../src/server/db/database.ts';
import { seedCatalog } from '../../src/server/modules/boxes/boxes.service.ts';
import { generateChain } from '../../src/server/modules/crash/crash-chain.ts';
import { FakeClock } from './fake-clock.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { createPlayer, type TestPlayer } from './users.ts';

const CHAIN_GAMES = 1000;

/** The rig of one test (its getters read the current test's app). */
export function gameRig(dialect: Dialect) {
  let t: TestApp;
  let clock: FakeClock;
  beforeEach(async () => {
    clock = new FakeClock();
    t = await createTestApp(dialect, {
      env: { BATTLE_ROUND_MS: '4500', BATTLE_LEAD_MS: '1500', CRASH_CHAIN_GAMES: String(CHAIN_GAMES) },
      deps: { clock },
    });
    await seedCatalog(t.database.db, 1_000);
    await generateChain(t.database, CHAIN_GAMES, clock.now());
  });
  afterEach(async () => {
    for (const ns of ['/crash', '/wheel']) await t.fastify.rounds.get(ns)?.stop(); // PostgreSQL: gives the lead up
    await t.close();
  });

  const db = () => t.database.db;
  /** Advances the fake clock until `done` (round loops and the battle runner run on it). */
  const until = (done: () => Promise<boolean>, stepMs = 500) => clock.advanceUntil(done, stepMs);
  const post = async (p: TestPlayer, url: string, payload: object = {}) => {
    const res = await t.fastify.inject({ method: 'POST', url, headers: p.headers, payload });
    expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };

  return {
    app: () => t,
    clock: () => clock,
    db,
    until,
    post,
    player: (balanceCents: number) =>
      createPlayer(db(), t.config.secrets.appSecret, { balanceCents, now: clock.now() }),
    /** The cheapest paid catalog box. */
    cheapestBox: () =>
      db()
        .selectFrom('boxes')
        .select(['slug', 'price_cents'])
        .where('box_type', '!=', 'free')
        .where('creator_id', 'is', null)
        .orderBy('price_cents')
        .executeTakeFirstOrThrow(),
    /** Runs the battle runner until battle `id` ended. */
    battleEnded: (id: number) =>
      until(async () => {
        await t.fastify.battleRunner.idle();
        const b = await db().selectFrom('battles').select('status').where('id', '=', id).executeTakeFirstOrThrow();
        return b.status === 'ended';
      }),
    /** One Rocket round that crashes at 10× with `p`'s $500 bet cashing out at 5× automatically; returns the round. */
    crashWin: async (p: TestPlayer) => {
      const crash = t.fastify.rounds.get('/crash')!;
      const crashRound = () => db().selectFrom('crash_rounds').selectAll().orderBy('id', 'desc').executeTakeFirst();
      crash.start();
      await until(async () => (await crashRound())?.status === 'starting', 50);
      const round = (await crashRound())!;
      await db().updateTable('crash_rounds').set({ crash_point_cents: 1000 }).where('id', '=', round.id).execute();
      await post(p, '/api/crash/bet', { amount: 500, auto_cashout: 5 });
      await until(
        async () => (await crashRound())!.status === 'ended' && Number((await crashRound())!.id) === round.id,
      );
      await crash.stop();
      return round;
    },
    /** The first Crazy Wheel round, with the bets `betting` places while its window is open, played to its end. */
    wheelRound: async (betting: () => Promise<void>) => {
      const wheel = t.fastify.wheelLoop;
      const wheelRound = () => db().selectFrom('wheel_rounds').selectAll().where('id', '=', 1).executeTakeFirst();
      wheel.start();
      await until(async () => (await wheelRound())?.status === 'starting', 50);
      await betting();
      await until(async () => (await wheelRound())!.status === 'ended');
      await wheel.stop();
    },
  };
}
