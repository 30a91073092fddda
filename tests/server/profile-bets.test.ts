// The bets archive (GET /api/profile/bets) on each database: a player who plays every game finds
// each settled bet once, newest first, with its verifier link; filters by game, result and day;
// pages; a canceled wheel bet is not a bet; and another player's bets never show.
import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers/test-db.ts';
import { gameRig } from '../helpers/game-rig.ts';
import type { TestPlayer } from '../helpers/users.ts';
import type { ArchivedBet } from '../../src/shared/api/profile-bets.ts';

describeEachDb('profile bets archive', (dialect) => {
  const { app, db, player, post, battleEnded, cheapestBox, crashWin, wheelRound } = gameRig(dialect);
  const bets = async (p: TestPlayer, query = '') => {
    const res = await app().fastify.inject({ method: 'GET', url: `/api/profile/bets${query}`, headers: p.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: ArchivedBet[]; meta: { page: number; per_page: number; total: number } };
  };

  it('lists every game once, newest first, filtered and paged; nobody else’s bets', async () => {
    const p = await player(10_000_00);
    const opponent = await player(100_00);

    const dice = (await post(p, '/api/dice/bet', { amount: 1, target: 50, direction: 'over' })).data;
    await post(p, '/api/plinko/bet', { amount: 1, rows: 8, risk: 'low' });
    const opened = (await post(p, '/api/boxes/penny-box/open', { count: 1 })).data;
    const products = await db().selectFrom('products').select(['id', 'price_cents']).orderBy('price_cents').execute();
    const stake = Math.round(opened.reels[0].item.price * 100) + 100;
    const target = products.find((x) => Number(x.price_cents) >= stake * 3)!;
    await post(p, '/api/upgrade', {
      item_ids: [opened.reels[0].inventory_item_id],
      balance: 1,
      target_product_id: target.id,
    });

    const box = await cheapestBox();
    const battle = (await post(p, '/api/battles/create', { boxes: [box.slug], mode: '1v1' })).data.id as number;
    await post(opponent, `/api/battles/${battle}/join`);
    await battleEnded(battle);

    const round = await crashWin(p); // cashed out at 5× in a round that crashes at 10×

    // Crazy Wheel: a grey bet rides, a red bet is canceled (not a bet), the opponent bets blue
    await wheelRound(async () => {
      await post(p, '/api/wheel/bet', { amount: 1, color: 'grey' });
      const red = (await post(p, '/api/wheel/bet', { amount: 2, color: 'red' })).data.id;
      await post(p, `/api/wheel/bet/${red}/cancel`);
      await post(opponent, '/api/wheel/bet', { amount: 3, color: 'blue' });
    });

    const all = await bets(p);
    expect(all.meta).toEqual({ page: 1, per_page: 20, total: 7 });
    // round games and battles run on the fake clock, instant games on real time: compare as a set
    expect(all.data.map((b) => b.game).sort()).toEqual([
      'battle',
      'box',
      'crash',
      'dice',
      'plinko',
      'upgrade',
      'wheel',
    ]);
    const times = all.data.map((b) => Date.parse(b.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const b of all.data) {
      expect(b.result).toBe(b.payout > b.stake ? 'win' : 'loss');
      expect(b.link).toMatch(/^\/(dice|upgrade|bounce|rocket|wheel|boxes)\/provably-fair\?|^\/battles\/\d+$/);
    }
    const byGame = Object.fromEntries(all.data.map((b) => [b.game, b]));
    expect(byGame.crash).toMatchObject({
      stake: 500,
      payout: 2500,
      result: 'win',
      title: 'Rocket cashed out ×5.00',
      link: `/rocket/provably-fair?hash=${round.hash}`,
    });
    expect(byGame.dice).toMatchObject({
      id: dice.id,
      stake: 1,
      payout: dice.payout,
      result: dice.win ? 'win' : 'loss',
    });
    expect(byGame.dice!.link).toContain(`nonce=${dice.nonce}&target=50.00&direction=over`);
    expect(byGame.wheel).toMatchObject({ stake: 1, link: '/wheel/provably-fair?round=1' });
    expect(byGame.battle).toMatchObject({ stake: Number(box.price_cents) / 100, link: `/battles/${battle}` });
    expect(byGame.box!.link).toContain(`box=penny-box`);

    // the opponent sees only their seat and their wheel bet
    const theirs = await bets(opponent);
    expect(theirs.data.map((b) => b.game).sort()).toEqual(['battle', 'wheel']);
    expect(theirs.data.find((b) => b.game === 'wheel')).toMatchObject({ stake: 3 });
    // FFA: the winner's seat is paid every drop of the battle, the other seat nothing (a win or a
    // loss is by money: payout above stake)
    const drops = await db().selectFrom('battle_drops').select('price_cents').where('battle_id', '=', battle).execute();
    const value = drops.reduce((a, d) => a + Number(d.price_cents), 0) / 100;
    const payouts = [byGame.battle!, theirs.data.find((b) => b.game === 'battle')!].map((b) => b.payout).sort();
    expect(payouts).toEqual([0, value]);

    // filters: game, result (they split the list), days
    expect((await bets(p, '?game=crash')).data.map((b) => b.id)).toEqual([byGame.crash!.id]);
    const wins = await bets(p, '?result=win');
    const losses = await bets(p, '?result=loss');
    expect(wins.meta.total + losses.meta.total).toBe(7);
    expect(wins.data.every((b) => b.result === 'win')).toBe(true);
    expect(losses.data.every((b) => b.result === 'loss')).toBe(true);
    expect((await bets(p, '?game=crash&result=loss')).meta.total).toBe(0);
    const days = all.data.map((b) => b.created_at.slice(0, 10));
    const first = days[0]!; // the newest bet's UTC day
    expect((await bets(p, `?from=${first}&to=${first}`)).meta.total).toBe(days.filter((d) => d === first).length);
    const last = days.at(-1)!;
    expect((await bets(p, `?to=${last}`)).meta.total).toBe(days.filter((d) => d <= last).length);
    const before = new Date(Date.parse(last) - 86_400_000).toISOString().slice(0, 10);
    expect((await bets(p, `?to=${before}`)).meta.total).toBe(0);
    expect((await bets(p, `?from=${before}`)).meta.total).toBe(7);
    // pages: 3 + 3 + 1, the same order as one page
    const pages = await Promise.all([1, 2, 3, 4].map((n) => bets(p, `?per_page=3&page=${n}`)));
    expect(pages.map((x) => x.data.length)).toEqual([3, 3, 1, 0]);
    expect(pages.flatMap((x) => x.data.map((b) => `${b.game}:${b.id}`))).toEqual(
      all.data.map((b) => `${b.game}:${b.id}`),
    );
    expect(pages[1]!.meta).toEqual({ page: 2, per_page: 3, total: 7 });
  });

  it('refuses bad filters and strangers', async () => {
    const p = await player(0);
    for (const q of ['?game=poker', '?result=draw', '?from=2026-13-45', '?page=0', '?per_page=101']) {
      const res = await app().fastify.inject({ method: 'GET', url: `/api/profile/bets${q}`, headers: p.headers });
      expect(res.statusCode, q).toBe(422);
      expect(res.json()).toHaveProperty('message');
    }
    expect((await app().fastify.inject({ method: 'GET', url: '/api/profile/bets' })).statusCode).toBe(401);
    expect(await bets(p)).toEqual({ data: [], meta: { page: 1, per_page: 20, total: 0 } });
  });
});
