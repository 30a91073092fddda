// Battles in the money metrics (issue 28) on each database: every seat a player pays (a bot's seat
// paid by the creator too) is wagered when it is taken; a settled battle pays what its players won (the
// items' price in FFA, the human seats' shares in team modes); a canceled battle's or a left seat's stake
// is a refund, never a payout.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sample, scrapeMetrics } from '../../helpers/metrics.ts';
import { describeEachDb } from '../../helpers/test-db.ts';
import type { TestPlayer } from '../../helpers/users.ts';
import { createBattleTest, type BattleTest } from './battle-fixture.ts';

describeEachDb('battles in the money metrics', (dialect) => {
  let t: BattleTest;
  beforeAll(async () => {
    t = await createBattleTest(dialect);
  });
  afterAll(() => t.close());

  /** The battles' wagered, paid and refunded cents so far. */
  async function money() {
    const text = await scrapeMetrics(t.fastify);
    const of = (name: string) => sample(text, name, { game: 'battles' });
    return {
      wagered: of('loot_wagered_cents_total'),
      paid: of('loot_paid_cents_total'),
      refunded: of('loot_refunded_cents_total'),
    };
  }
  /** What `during` moved the battles' money metrics by. */
  async function moved(during: () => Promise<void>) {
    const before = await money();
    await during();
    const after = await money();
    return {
      wagered: after.wagered - before.wagered,
      paid: after.paid - before.paid,
      refunded: after.refunded - before.refunded,
    };
  }
  async function post(url: string, p: TestPlayer, body: object) {
    const res = await t.post(url, p, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data?: { id: number } };
  }
  const twoBoxes = () => [t.boxes[0]!.slug, t.boxes[1]!.slug];

  it('a battle against a bot moves wagered by both seats and paid by the items the player won', async () => {
    const p = await t.player(10_000_000);
    const seat = t.boxes[0]!.price_cents + t.boxes[1]!.price_cents;
    let won = 0;
    let lost = 0;
    for (let i = 0; i < 40 && (won === 0 || lost === 0); i++) {
      let id = 0;
      const delta = await moved(async () => {
        id = (await post('/api/battles/create', p, { boxes: twoBoxes(), mode: '1v1' })).data!.id;
        await post(`/api/battles/${id}/add-bots`, p, { bots: 1 });
        await t.playAll();
      });
      const battle = await t.battle(id);
      expect(battle.status).toBe('ended');
      const drops = await t.database.db
        .selectFrom('battle_drops')
        .select(['price_cents', 'inventory_item_id'])
        .where('battle_id', '=', id)
        .execute();
      const granted = drops.filter((d) => d.inventory_item_id !== null);
      const playerWon = battle.winners!.includes(0); // the creator sits at seat 0, the bot at 1
      expect(granted.length).toBe(playerWon ? drops.length : 0);
      const value = granted.reduce((a, d) => a + Number(d.price_cents), 0);
      expect(delta).toEqual({ wagered: 2 * seat, paid: value, refunded: 0 });
      if (playerWon) {
        expect(value).toBeGreaterThan(0);
        won += 1;
      } else lost += 1;
    }
    expect(won, 'the player won at least one of the battles').toBeGreaterThan(0);
    expect(lost, 'a bot won at least one of the battles').toBeGreaterThan(0);
  });

  it("a team battle pays the human seats' shares; the bots' shares stay with the house", async () => {
    const p = await t.player(10_000_000);
    let id = 0;
    const delta = await moved(async () => {
      id = (await post('/api/battles/create', p, { boxes: twoBoxes(), mode: '2v2' })).data!.id;
      await post(`/api/battles/${id}/add-bots`, p, { bots: 3 });
      await t.playAll();
    });
    const wins = (await t.ledger(p.id)).filter((l) => l.idempotency_key.startsWith(`battle:${id}:win:`));
    const seat = t.boxes[0]!.price_cents + t.boxes[1]!.price_cents;
    expect(delta).toEqual({ wagered: 4 * seat, paid: wins.reduce((a, l) => a + l.delta_cents, 0), refunded: 0 });
  });

  it('a canceled battle and a left seat pay nothing: their stakes count as refunds', async () => {
    const creator = await t.player(1_000_000);
    const joiner = await t.player(1_000_000);
    const seat = t.boxes[0]!.price_cents + t.boxes[1]!.price_cents;
    let id = 0;
    const seated = await moved(async () => {
      id = (await post('/api/battles/create', creator, { boxes: twoBoxes(), mode: '1v1v1v1' })).data!.id;
      await post(`/api/battles/${id}/add-bots`, creator, { bots: 1 });
      await post(`/api/battles/${id}/join`, joiner, {});
    });
    expect(seated).toEqual({ wagered: 3 * seat, paid: 0, refunded: 0 });
    const left = await moved(async () => void (await post(`/api/battles/${id}/leave`, joiner, {})));
    expect(left).toEqual({ wagered: 0, paid: 0, refunded: seat });
    const canceled = await moved(async () => void (await post(`/api/battles/${id}/cancel`, creator, {})));
    expect(canceled).toEqual({ wagered: 0, paid: 0, refunded: 2 * seat });
    expect((await t.battle(id, { player: creator })).status).toBe('canceled');
    expect(await t.balance(creator.id)).toBe(1_000_000);
    expect(await t.balance(joiner.id)).toBe(1_000_000);
  });
});
