// Profile stats over every game on each database (issue 25): a player who plays dice, Bounce, a
// catalog box, a custom box, an upgrade, Rocket, the Crazy Wheel and a battle sees each of them in
// bets / openings / wagered and the biggest win; a canceled wheel bet and a canceled battle count
// nowhere. The round games run on their loops and the battle runner on one fake clock.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachDb } from '../helpers/test-db.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPlayer, type TestPlayer } from '../helpers/users.ts';
import { FakeClock } from '../helpers/fake-clock.ts';
import { seedCatalog } from '../../src/server/modules/boxes/boxes.service.ts';
import { generateChain } from '../../src/server/modules/crash/crash-chain.ts';
import { biggestWins } from '../../src/server/modules/profile/profile-wins.repository.ts';
import { levelProgressForEdge } from '../../src/shared/levels.ts';

const CHAIN_GAMES = 1000;

describeEachDb('profile stats over every game', (dialect) => {
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
  const player = (balanceCents: number) =>
    createPlayer(db(), t.config.secrets.appSecret, { balanceCents, now: clock.now() });
  const post = async (p: TestPlayer, url: string, payload: object = {}) => {
    const res = await t.fastify.inject({ method: 'POST', url, headers: p.headers, payload });
    expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  const stats = async (p: TestPlayer) =>
    (await t.fastify.inject({ method: 'GET', url: '/api/profile/stats', headers: p.headers })).json().data;
  const cents = (dollars: number) => Math.round(dollars * 100);
  /** Advances the fake clock until `done` (round loops and the battle runner run on it). */
  const until = (done: () => Promise<boolean>, stepMs = 500) => clock.advanceUntil(done, stepMs);

  it('counts every game a player plays; canceled wheel bets and battles count nowhere', async () => {
    const p = await player(10_000_00);
    const opponent = await player(100_00);
    const canceler = await player(100_00);
    const creator = await player(0);
    let wagered = 0; // cents

    // instant games
    await post(p, '/api/dice/bet', { amount: 1, target: 50, direction: 'over' });
    await post(p, '/api/plinko/bet', { amount: 1, rows: 8, risk: 'low' });
    wagered += 200;
    const opened = (await post(p, '/api/boxes/penny-box/open', { count: 1 })).data;
    wagered += cents(opened.cost);
    const products = await db().selectFrom('products').select(['id', 'price_cents']).orderBy('price_cents').execute();
    const custom = await post(creator, '/api/user-boxes', {
      name: 'Stats Box',
      img: 'penny-box',
      items: [
        { product_id: products[0]!.id, chance: 60 },
        { product_id: products[1]!.id, chance: 30 },
        { product_id: products[2]!.id, chance: 10 },
      ],
    });
    wagered += cents((await post(p, `/api/boxes/${custom.data.slug}/open`, { count: 1 })).data.cost);
    const item = opened.reels[0];
    const stake = cents(item.item.price) + 100;
    const target = products.find((x) => Number(x.price_cents) >= stake * 3)!;
    const upgrade = await post(p, '/api/upgrade', {
      item_ids: [item.inventory_item_id],
      balance: 1,
      target_product_id: target.id,
    });
    wagered += cents(upgrade.data.stake.balance);

    // battles: one played against another player, one created and canceled
    const box = await db()
      .selectFrom('boxes')
      .select(['slug', 'price_cents'])
      .where('box_type', '!=', 'free')
      .where('creator_id', 'is', null)
      .orderBy('price_cents')
      .executeTakeFirstOrThrow();
    const battle = (await post(p, '/api/battles/create', { boxes: [box.slug], mode: '1v1' })).data.id as number;
    await post(opponent, `/api/battles/${battle}/join`);
    wagered += Number(box.price_cents);
    const canceled = (await post(canceler, '/api/battles/create', { boxes: [box.slug], mode: '1v1' })).data.id;
    await post(canceler, `/api/battles/${canceled}/cancel`);
    const battleRow = () => db().selectFrom('battles').selectAll().where('id', '=', battle).executeTakeFirstOrThrow();
    await until(async () => {
      await t.fastify.battleRunner.idle();
      return (await battleRow()).status === 'ended';
    });

    // Rocket: cashed out at 5× in a round that crashes at 10×
    const crash = t.fastify.rounds.get('/crash')!;
    const crashRound = () => db().selectFrom('crash_rounds').selectAll().orderBy('id', 'desc').executeTakeFirst();
    crash.start();
    await until(async () => (await crashRound())?.status === 'starting', 50);
    const round = (await crashRound())!;
    await db().updateTable('crash_rounds').set({ crash_point_cents: 1000 }).where('id', '=', round.id).execute();
    await post(p, '/api/crash/bet', { amount: 500, auto_cashout: 5 });
    wagered += 500_00;
    await until(async () => (await crashRound())!.status === 'ended' && Number((await crashRound())!.id) === round.id);
    await crash.stop();

    // Crazy Wheel: a grey bet rides, a red bet and the canceler's blue bet are canceled
    const wheel = t.fastify.wheelLoop;
    const wheelRound = () => db().selectFrom('wheel_rounds').selectAll().where('id', '=', 1).executeTakeFirst();
    wheel.start();
    await until(async () => (await wheelRound())?.status === 'starting', 50);
    await post(p, '/api/wheel/bet', { amount: 1, color: 'grey' });
    wagered += 100;
    const red = (await post(p, '/api/wheel/bet', { amount: 2, color: 'red' })).data.id;
    await post(p, `/api/wheel/bet/${red}/cancel`);
    const blue = (await post(canceler, '/api/wheel/bet', { amount: 3, color: 'blue' })).data.id;
    await post(canceler, `/api/wheel/bet/${blue}/cancel`);
    await until(async () => (await wheelRound())!.status === 'ended');
    await wheel.stop();

    const kinds = await db()
      .selectFrom('settled_wagers')
      .select('kind')
      .distinct()
      .where('user_id', '=', p.id)
      .orderBy('kind')
      .execute();
    expect(kinds.map((k) => k.kind)).toEqual([
      'battle',
      'bet',
      'box',
      'crash_bet',
      'plinko_bet',
      'upgrade',
      'user_box',
      'wheel_bet',
    ]);
    const s = await stats(p);
    expect(s.bets).toBe(6); // dice, Bounce, upgrade, Rocket, the grey wheel bet, the battle seat
    expect(s.openings).toBe(2); // the catalog and the custom box
    expect(s.wagered).toBe(wagered / 100);
    const user = await db()
      .selectFrom('users')
      .select('wagered_cents')
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(Number(user.wagered_cents)).toBe(wagered); // the same total as the XP source
    expect(s.biggest_win).toMatchObject({
      game: 'crash',
      amount: 2500,
      title: 'Rocket ×5.00',
      link: `/rocket/provably-fair?hash=${round.hash}`,
    });

    // the opponent played only the battle: one bet, its seat; the battle as biggest win if it won
    const ended = await battleRow();
    const seats = await db().selectFrom('battle_seats').selectAll().where('battle_id', '=', battle).execute();
    const winnerSeat = (JSON.parse(ended.winners!) as number[])[0];
    const winner = Number(seats.find((x) => x.seat === winnerSeat)!.user_id);
    const drops = await db().selectFrom('battle_drops').select('price_cents').where('battle_id', '=', battle).execute();
    const battleWin = {
      game: 'battle',
      amount: drops.reduce((a, d) => a + Number(d.price_cents), 0) / 100,
      title: `Battle #${battle}`,
      link: `/battles/${battle}`,
    };
    expect((await biggestWins(db(), winner)).find((w) => w?.game === 'battle')).toMatchObject(battleWin);
    const o = await stats(opponent);
    expect(o).toMatchObject({ bets: 1, openings: 0, wagered: Number(box.price_cents) / 100 });
    if (winner === opponent.id) expect(o.biggest_win).toMatchObject(battleWin);
    else expect(o.biggest_win).toBeNull();

    // a canceled wheel bet and a canceled battle: nothing counted
    expect(await stats(canceler)).toEqual({
      wagered: 0,
      bets: 0,
      openings: 0,
      biggest_win: null,
      level: levelProgressForEdge(0, 1),
    });
  });
});
