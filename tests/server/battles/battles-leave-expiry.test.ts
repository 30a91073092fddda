// A joiner's stake is never locked in a waiting battle (issue 24, item 8), on each database: a joiner
// may leave (refunded exactly once, the seat open again and paid under a new key when retaken), and a
// battle still waiting BATTLE_WAIT_MS after its creation is canceled by the runner's sweep with every
// seat refunded once, even with two instances sweeping and players leaving at the same moment.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../helpers/test-db.ts';
import type { TestPlayer } from '../../helpers/users.ts';
import { buildApp } from '../../../src/server/app.ts';
import { BATTLE_WAIT_MS } from '../../../src/shared/api/battles.ts';
import { createBattleTest, type BattleTest } from './battle-fixture.ts';

/** The documented expiry (BATTLE_WAIT_MS, src/shared/api/battles.ts and the battles README). */
const WAIT_MS = 30 * 60 * 1000;

describeEachDb('battle leave and expiry', (dialect) => {
  let t: BattleTest;
  beforeAll(async () => {
    t = await createBattleTest(dialect);
  });
  afterAll(() => t.close());

  const slug = () => t.boxes[0]!.slug;
  const cost = () => t.boxes[0]!.price_cents;
  const battleRows = async (id: number) => (await t.ledger(id)).filter((l) => l.kind.startsWith('battle'));
  const net = (rows: { delta_cents: number }[]) => rows.reduce((a, r) => a + r.delta_cents, 0);
  async function create(p: TestPlayer, mode: string) {
    const res = await t.post('/api/battles/create', p, { boxes: [slug()], mode });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { id: number } }).data.id;
  }
  /** What a player's wagers earned (settled wagers: XP, "wagered"): a refunded seat earns nothing. */
  const earned = async (p: TestPlayer) => ({
    wagered: Number(
      (await t.database.db.selectFrom('users').select('wagered_cents').where('id', '=', p.id).executeTakeFirstOrThrow())
        .wagered_cents,
    ),
    settled: (await t.database.db.selectFrom('settled_wagers').select('id').where('user_id', '=', p.id).execute())
      .length,
  });
  const join = (id: number, p: TestPlayer) => t.post(`/api/battles/${id}/join`, p, {});
  const leave = (id: number, p: TestPlayer) => t.post(`/api/battles/${id}/leave`, p);
  /** Every player's balance equals the opening balance plus their battle ledger, and is never negative. */
  async function expectBooksBalance(players: TestPlayer[], opening: number) {
    for (const p of players) {
      const balance = await t.balance(p.id);
      expect(balance).toBeGreaterThanOrEqual(0);
      expect(opening + net(await battleRows(p.id))).toBe(balance);
    }
  }

  it('a joiner leaves a waiting battle: refunded once, the seat reopens and is paid under a new key', async () => {
    const [a, b, c] = [await t.player(10_000), await t.player(10_000), await t.player(10_000)];
    const id = await create(a, '1v1v1');
    expect((await join(id, b)).statusCode).toBe(200);
    const before = t.events.length;
    const res = await leave(id, b);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ msg: 'You left the battle. Your seat was refunded.', balance: 100 });
    expect(await t.balance(b.id)).toBe(10_000);
    expect(await battleRows(b.id)).toEqual([
      { kind: 'battle', delta_cents: -cost(), idempotency_key: `battle:${id}:seat:1` },
      { kind: 'battle_refund', delta_cents: cost(), idempotency_key: `battle:${id}:refund:1` },
    ]);
    const left = t.events.slice(before).find((e) => e.channel === `battle-${id}` && e.event === 'playerLeft');
    expect(left?.data).toEqual({ id, seat: 1, user_id: b.id, seats_filled: 1, seats_total: 3 });
    expect(await earned(b)).toEqual({ wagered: 0, settled: 0 });
    const again = await leave(id, b);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('You are not in this battle.');
    expect(await t.balance(b.id)).toBe(10_000);
    const battle = await t.battle(id);
    expect(battle.status).toBe('waiting');
    expect(battle.seats[1]).toMatchObject({ user: null, bot: null });
    // the open seat is taken again (by c, then b rejoins): new stake keys, never confused with b's first
    expect((await join(id, c)).statusCode).toBe(200);
    expect((await join(id, b)).statusCode).toBe(200);
    expect((await battleRows(c.id))[0]!.idempotency_key).toBe(`battle:${id}:seat:1:1`);
    expect((await battleRows(b.id))[2]!.idempotency_key).toBe(`battle:${id}:seat:2:1`);
    expect((await t.battle(id)).status).toBe('running');
    await t.playAll();
    await expectBooksBalance([b, c], 10_000);
  });

  it('refuses the creator, strangers, a started battle and bad ids, changing nothing', async () => {
    const [a, b, stranger] = [await t.player(10_000), await t.player(10_000), await t.player(10_000)];
    const id = await create(a, '1v1');
    const own = await leave(id, a);
    expect(own.statusCode).toBe(409);
    expect(own.json().msg).toBe('The creator cannot leave the battle; cancel it to refund every seat.');
    expect((await leave(id, stranger)).json()).toEqual({
      message: 'You are not in this battle.',
      msg: 'You are not in this battle.',
      request_id: expect.any(String),
    });
    expect((await t.post(`/api/battles/${id}/leave`, null)).statusCode).toBe(401);
    expect((await t.post('/api/battles/abc/leave', b)).statusCode).toBe(422);
    expect((await t.post('/api/battles/99999999/leave', b)).statusCode).toBe(404);
    expect((await join(id, b)).statusCode).toBe(200); // fills and starts it
    const started = await leave(id, b);
    expect(started.statusCode).toBe(409);
    expect(started.json().msg).toBe('This battle has already started.');
    await t.playAll();
    await expectBooksBalance([a, b, stranger], 10_000);
    expect((await battleRows(b.id)).filter((r) => r.kind === 'battle_refund')).toEqual([]);
  });

  it('two leaves at once refund once; a leave racing the start pays once', async () => {
    for (let i = 0; i < 3; i++) {
      const [a, b] = [await t.player(10_000), await t.player(10_000)];
      const id = await create(a, '1v1v1');
      expect((await join(id, b)).statusCode).toBe(200);
      const both = await Promise.all([leave(id, b), leave(id, b), leave(id, b)]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      expect(await t.balance(b.id)).toBe(10_000);
      expect((await battleRows(b.id)).filter((r) => r.kind === 'battle_refund').length).toBe(1);
    }
    for (let i = 0; i < 4; i++) {
      const [a, b, c] = [await t.player(10_000), await t.player(10_000), await t.player(10_000)];
      const id = await create(a, '1v1v1');
      expect((await join(id, b)).statusCode).toBe(200);
      const [left, joined] = await Promise.all([leave(id, b), join(id, c)]); // c's join takes the last seat
      expect(joined.statusCode).toBe(200);
      const battle = await t.battle(id);
      if (left.statusCode === 200) {
        expect(battle.status).toBe('waiting');
        expect(battle.seats.some((s) => s.user?.id === b.id)).toBe(false);
        expect(await t.balance(b.id)).toBe(10_000);
      } else {
        expect(left.statusCode).toBe(409);
        expect(battle.status).toBe('running');
        expect(battle.seats.some((s) => s.user?.id === b.id)).toBe(true);
        expect(await t.balance(b.id)).toBe(10_000 - cost());
      }
      await expectBooksBalance([a, b, c], 10_000);
    }
    await t.playAll();
  });

  it('a waiting battle expires after 30 minutes: every seat refunded once to its payer', async () => {
    const [a, b] = [await t.player(10_000), await t.player(10_000)];
    const id = await create(a, '1v1v1v1');
    expect((await join(id, b)).statusCode).toBe(200);
    expect((await t.post(`/api/battles/${id}/add-bots`, a, { bots: 1 })).statusCode).toBe(200);
    t.clock.advance(WAIT_MS - 60_000);
    await t.fastify.battleRunner.idle();
    const fresh = await create(a, '1v1'); // younger: it must stay
    expect((await t.battle(id)).status).toBe('waiting');
    const before = t.events.length;
    t.clock.advance(60_000 + 10_000); // the sweep runs at least every two rounds
    await t.fastify.battleRunner.idle();
    const b2 = await t.battle(id);
    expect(b2).toMatchObject({ status: 'canceled', expires_at: null });
    expect(await t.balance(a.id)).toBe(10_000 - cost()); // only the fresh battle's seat is still staked
    expect(await t.balance(b.id)).toBe(10_000);
    expect((await battleRows(a.id)).filter((r) => r.kind === 'battle_refund').map((r) => r.idempotency_key)).toEqual([
      `battle:${id}:refund:0`,
      `battle:${id}:refund:2`,
    ]);
    const mine = t.events.slice(before).filter((e) => e.channel === `battle-${id}`);
    expect(mine.map((e) => [e.event, e.data])).toEqual([['battleCanceled', { id, reason: 'expired' }]]);
    expect(await earned(b)).toEqual({ wagered: 0, settled: 0 });
    expect((await t.battle(fresh)).status).toBe('waiting');
    expect((await join(id, await t.player(10_000))).json().msg).toBe('This battle was canceled.');
    expect((await leave(id, b)).statusCode).toBe(409);
    expect(await t.fastify.battleRunner.expireDue()).toBe(0); // a second sweep finds nothing to pay
    expect(await t.balance(b.id)).toBe(10_000);
    await expectBooksBalance([a, b], 10_000);
    expect(BATTLE_WAIT_MS).toBe(WAIT_MS);
    const young = await t.battle(fresh);
    expect(young.expires_at).toBe(new Date(Date.parse(young.created_at) + WAIT_MS).toISOString());
    const cancel = await t.post(`/api/battles/${fresh}/cancel`, a);
    expect(cancel.statusCode).toBe(200);
  });

  it('two instances expiring at once while players leave and cancel: each seat refunded once', async () => {
    const second = (
      await buildApp({
        config: t.config,
        database: t.database,
        clientDir: null,
        clock: t.clock,
        publisher: t.publisher,
      })
    ).fastify;
    await second.ready();
    try {
      const players: TestPlayer[] = [];
      const battles: { id: number; creator: TestPlayer; joiner: TestPlayer }[] = [];
      for (let i = 0; i < 4; i++) {
        const [a, b] = [await t.player(10_000), await t.player(10_000)];
        players.push(a, b);
        const id = await create(a, '1v1v1');
        expect((await join(id, b)).statusCode).toBe(200);
        battles.push({ id, creator: a, joiner: b });
      }
      t.clock.advance(WAIT_MS); // due now; both sweeps are also scheduled (they run below at once)
      const results = await Promise.all([
        t.fastify.battleRunner.expireDue(),
        second.battleRunner.expireDue(),
        t.fastify.battleRunner.expireDue(),
        ...battles.map((x, i) => (i % 2 ? leave(x.id, x.joiner) : t.post(`/api/battles/${x.id}/cancel`, x.creator))),
      ]);
      const expired = (results.slice(0, 3) as number[]).reduce((a, n) => a + n, 0);
      await t.fastify.battleRunner.idle();
      await second.battleRunner.idle();
      for (const x of battles) {
        expect((await t.battle(x.id)).status).toBe('canceled');
        const refunds = [...(await battleRows(x.creator.id)), ...(await battleRows(x.joiner.id))].filter(
          (r) => r.kind === 'battle_refund',
        );
        expect(refunds.length).toBe(2); // the creator's seat and the joiner's, whoever closed it
        expect(await t.balance(x.creator.id)).toBe(10_000);
        expect(await t.balance(x.joiner.id)).toBe(10_000);
      }
      const canceled = t.events.filter(
        (e) => e.event === 'battleCanceled' && battles.some((x) => e.channel === `battle-${x.id}`),
      );
      expect(canceled.length).toBe(4); // one per battle: by the creator or by exactly one sweep
      // the explicit calls race the sweeps the clock fired in both apps: never more expiries than events
      expect(expired).toBeLessThanOrEqual(
        canceled.filter((e) => (e.data as { reason: string }).reason === 'expired').length,
      );
      await expectBooksBalance(players, 10_000);
    } finally {
      await second.close();
    }
  });
});
