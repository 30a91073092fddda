// Battle races on each database: two joins for the last seat (one wins, the other is never
// charged), a cancel racing a join (every seat refunded or the battle plays, never a lost seat),
// 20 parallel creates by one player (never overspend) and a retried create (Idempotency-Key).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../helpers/test-db.ts';
import { createBattleTest, type BattleTest } from './battle-fixture.ts';

describeEachDb('battle races', (dialect) => {
  let t: BattleTest;
  beforeAll(async () => {
    t = await createBattleTest(dialect);
  });
  afterAll(() => t.close());

  const slug = () => t.boxes[0]!.slug;
  const cost = () => t.boxes[0]!.price_cents;
  const battleLedger = async (id: number) => (await t.ledger(id)).filter((l) => l.kind.startsWith('battle'));
  async function create(p: Awaited<ReturnType<BattleTest['player']>>, mode: string) {
    const res = await t.post('/api/battles/create', p, { boxes: [slug()], mode });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { id: number } }).data.id;
  }

  it('two joins for the last seat: one wins, the other is refused and never charged', async () => {
    for (let i = 0; i < 4; i++) {
      const [a, b, c] = [await t.player(10_000), await t.player(10_000), await t.player(10_000)];
      const id = await create(a, '1v1');
      const [rb, rc] = await Promise.all([
        t.post(`/api/battles/${id}/join`, b, {}),
        t.post(`/api/battles/${id}/join`, c, {}),
      ]);
      expect([rb.statusCode, rc.statusCode].sort()).toEqual([200, 409]);
      const [winner, loser] = rb.statusCode === 200 ? [b, c] : [c, b];
      expect(await t.balance(winner.id)).toBe(10_000 - cost());
      expect(await t.balance(loser.id)).toBe(10_000);
      expect(await battleLedger(loser.id)).toEqual([]);
      const battle = await t.battle(id);
      expect(battle.status).toBe('running');
      expect(battle.seats.map((s) => s.user?.id)).toEqual([a.id, winner.id]);
    }
    await t.playAll();
  });

  it('cancel during a join: the joiner is refunded or refused, or the battle plays; no seat is lost', async () => {
    for (const mode of ['1v1v1', '1v1', '1v1v1', '1v1']) {
      const [a, b] = [await t.player(10_000), await t.player(10_000)];
      const id = await create(a, mode);
      const [join, cancel] = await Promise.all([
        t.post(`/api/battles/${id}/join`, b, {}),
        t.post(`/api/battles/${id}/cancel`, a),
      ]);
      const status = (await t.battle(id)).status;
      if (status === 'canceled') {
        expect(cancel.statusCode).toBe(200);
        expect([200, 409]).toContain(join.statusCode);
        expect(await t.balance(a.id)).toBe(10_000);
        expect(await t.balance(b.id)).toBe(10_000);
      } else {
        expect(mode).toBe('1v1');
        expect(join.statusCode).toBe(200);
        expect(cancel.statusCode).toBe(409);
        expect(await t.balance(a.id)).toBe(10_000 - cost());
        expect(await t.balance(b.id)).toBe(10_000 - cost());
      }
      const net = (rows: { delta_cents: number }[]) => rows.reduce((x, r) => x + r.delta_cents, 0);
      expect(10_000 + net(await battleLedger(a.id))).toBe(await t.balance(a.id));
      expect(10_000 + net(await battleLedger(b.id))).toBe(await t.balance(b.id));
    }
    await t.playAll();
  });

  it('20 parallel creates by one player never overspend', async () => {
    const p = await t.player(cost() * 5 + cost() - 1);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => t.post('/api/battles/create', p, { boxes: [slug()], mode: '1v1' })),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok.length).toBe(5);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 422)).toBe(true);
    expect(await t.balance(p.id)).toBe(cost() - 1);
    const battles = await t.database.db.selectFrom('battles').select('id').where('creator_id', '=', p.id).execute();
    expect(battles.length).toBe(5);
    expect((await battleLedger(p.id)).length).toBe(5);
  });

  it('a create retried with the same Idempotency-Key creates one battle and charges once', async () => {
    const p = await t.player(10_000);
    const call = () =>
      t.fastify.inject({
        method: 'POST',
        url: '/api/battles/create',
        headers: { ...p.headers, 'idempotency-key': 'create-1' },
        payload: { boxes: [slug()], mode: '1v1' },
      });
    const [r1, r2] = await Promise.all([call(), call()]);
    const r3 = await call();
    expect(r1.json().data.id).toBe(r2.json().data.id);
    expect(r3.json().data.id).toBe(r1.json().data.id);
    expect(await t.balance(p.id)).toBe(10_000 - cost());
  });

  it('add-bots and join retried with the same Idempotency-Key seat and charge once', async () => {
    const [a, b] = [await t.player(10_000), await t.player(10_000)];
    const id = await create(a, '1v1v1v1');
    const call = (p: typeof a, url: string, payload: object) =>
      t.fastify.inject({ method: 'POST', url, headers: { ...p.headers, 'idempotency-key': 'k-1' }, payload });
    const bots = await Promise.all([1, 2].map(() => call(a, `/api/battles/${id}/add-bots`, { bots: 1 })));
    expect(bots.map((r) => r.statusCode)).toEqual([200, 200]);
    const joins = await Promise.all([1, 2].map(() => call(b, `/api/battles/${id}/join`, {})));
    expect(joins.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await t.battle(id)).seats.filter((s) => s.user || s.bot).length).toBe(3);
    expect(await t.balance(a.id)).toBe(10_000 - 2 * cost());
    expect(await t.balance(b.id)).toBe(10_000 - cost());
    expect((await call(a, `/api/battles/${id}/add-bots`, { bots: 1, team_idx: 3 })).statusCode).toBe(409);
  });
});
