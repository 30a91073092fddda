// Profile stats over every game on each database (issue 25): a player who plays dice, Bounce, a
// catalog box, a custom box, an upgrade, Rocket, the Crazy Wheel and a battle sees each of them in
// bets / openings / wagered and the biggest win; a canceled wheel bet and a canceled battle count
// nowhere. The round games run on their loops and the battle runner on one fake clock.
import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers/test-db.ts';
import { gameRig } from '../helpers/game-rig.ts';
import type { TestPlayer } from '../helpers/users.ts';
import { biggestWins } from '../../src/server/modules/profile/profile-wins.repository.ts';
import { levelProgressForEdge } from '../../src/shared/levels.ts';

describeEachDb('profile stats over every game', (dialect) => {
  const { app, db, player, post, battleEnded, cheapestBox, crashWin, wheelRound } = gameRig(dialect);
  const stats = async (p: TestPlayer) =>
    (await app().fastify.inject({ method: 'GET', url: '/api/profile/stats', headers: p.headers })).json().data;
  const cents = (dollars: number) => Math.round(dollars * 100);

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
    const box = await cheapestBox();
    const battle = (await post(p, '/api/battles/create', { boxes: [box.slug], mode: '1v1' })).data.id as number;
    await post(opponent, `/api/battles/${battle}/join`);
    wagered += Number(box.price_cents);
    const canceled = (await post(canceler, '/api/battles/create', { boxes: [box.slug], mode: '1v1' })).data.id;
    await post(canceler, `/api/battles/${canceled}/cancel`);
    const battleRow = () => db().selectFrom('battles').selectAll().where('id', '=', battle).executeTakeFirstOrThrow();
    await battleEnded(battle);

    const round = await crashWin(p); // cashed out at 5× in a round that crashes at 10×
    wagered += 500_00;

    // Crazy Wheel: a grey bet rides, a red bet and the canceler's blue bet are canceled
    await wheelRound(async () => {
      await post(p, '/api/wheel/bet', { amount: 1, color: 'grey' });
      wagered += 100;
      const red = (await post(p, '/api/wheel/bet', { amount: 2, color: 'red' })).data.id;
      await post(p, `/api/wheel/bet/${red}/cancel`);
      const blue = (await post(canceler, '/api/wheel/bet', { amount: 3, color: 'blue' })).data.id;
      await post(canceler, `/api/wheel/bet/${blue}/cancel`);
    });

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
