// Battle money paths at once with the other games for the same players (the wallet README's lock
// order): creates, joins, add-bots, cancels and settlements beside dice bets and box openings; no
// 5xx, and every player's ledger sums to their balance.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../helpers/test-db.ts';
import { createBattleTest, type BattleTest } from './battle-fixture.ts';

describeEachDb('battles in the one lock order', (dialect) => {
  let t: BattleTest;
  beforeAll(async () => {
    t = await createBattleTest(dialect);
  });
  afterAll(() => t.close());

  it('battles, dice and openings of the same players at once: no 5xx, ledgers match balances', async () => {
    const players = await Promise.all([0, 1, 2, 3].map(() => t.player(500_000)));
    const slug = t.boxes[0]!.slug;
    const ids: number[] = [];
    for (const p of players)
      for (const mode of ['1v1', '2v2'])
        ids.push((await t.post('/api/battles/create', p, { boxes: [slug, slug], mode })).json().data.id as number);
    const calls: Promise<{ statusCode: number; body: string }>[] = [];
    players.forEach((p, i) => {
      const other = players[(i + 1) % players.length]!;
      calls.push(t.post(`/api/battles/${ids[2 * i]}/join`, other, {}));
      calls.push(t.post(`/api/battles/${ids[2 * i + 1]}/join`, other, { team_idx: 1 }));
      calls.push(t.post(`/api/battles/${ids[2 * i + 1]}/add-bots`, p, { bots: 2 }));
      calls.push(t.post(`/api/battles/${ids[2 * i + 1]}/cancel`, p));
      calls.push(t.post('/api/battles/create', p, { boxes: [slug], mode: '1v1v1' }));
      for (let k = 0; k < 5; k++) {
        calls.push(t.post('/api/dice/bet', p, { amount: 1, target: 50, direction: 'over' }));
        calls.push(t.post(`/api/boxes/${slug}/open`, p, { count: 1 }));
      }
    });
    const ticking = (async () => {
      for (let k = 0; k < 6; k++) await t.tick();
    })();
    const answers = await Promise.all(calls);
    await ticking;
    expect(answers.filter((a) => a.statusCode >= 500).map((a) => a.body)).toEqual([]);
    await t.playAll();
    for (const p of players) {
      const sum = (await t.ledger(p.id)).reduce((a, l) => a + Number(l.delta_cents), 0);
      expect(sum).toBe(await t.balance(p.id));
    }
  });
});
