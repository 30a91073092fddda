// Battles over HTTP on each database: create / join / add-bots / cancel happy paths and every error,
// a played battle checked against the shared outcome (public seed, tickets, ranges, winners), the
// FFA prize in the inventory, the team split credited as balance, and the ledger after each scenario.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb } from '../../helpers/test-db.ts';
import type { TestPlayer } from '../../helpers/users.ts';
import { createBattleTest, type BattleTest } from './battle-fixture.ts';
import {
  battleBoxesHash,
  battlePublicSeed,
  battleTeamShares,
  battleTicket,
  battleWinners,
} from '../../../src/shared/games/battles/battle.outcome.ts';
import { sha256Hex } from '../../../src/shared/fair/index.ts';
import { battleSchema, battleListResponseSchema, type Battle } from '../../../src/shared/api/battles.ts';

describeEachDb('battles API', (dialect) => {
  let t: BattleTest;
  beforeAll(async () => {
    t = await createBattleTest(dialect);
  });
  afterAll(() => t.close());

  const cheap = () => t.boxes[0]!;
  const seatCost = (slugs: string[]) => slugs.reduce((a, s) => a + t.boxes.find((b) => b.slug === s)!.price_cents, 0);
  async function create(p: TestPlayer, body: Record<string, unknown>) {
    const res = await t.post('/api/battles/create', p, body);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { id: number } }).data.id;
  }
  const kinds = async (id: number) => (await t.ledger(id)).filter((l) => l.kind.startsWith('battle'));
  const sum = (rows: { delta_cents: number }[]) => rows.reduce((a, r) => a + r.delta_cents, 0);

  /** The drops a battle must have, recomputed from its revealed seeds and the box versions. */
  async function expectFair(b: Battle) {
    expect(b.status).toBe('ended');
    expect(sha256Hex(b.server_seed!)).toBe(b.server_seed_hash);
    expect(b.boxes_hash).toBe(battleBoxesHash(b.boxes));
    expect(b.public_seed).toBe(
      battlePublicSeed(
        b.id,
        b.seats.map((s) => s.client_seed!),
      ),
    );
    const values: number[][] = b.boxes.map(() => []);
    for (const seat of b.seats) {
      expect(seat.drops.map((d) => d.round)).toEqual(b.boxes.map((_, r) => r));
      for (const d of seat.drops) {
        expect(d.ticket).toBe(
          battleTicket({ serverSeed: b.server_seed!, publicSeed: b.public_seed!, round: d.round, seat: seat.seat }),
        );
        const box = b.boxes[d.round]!;
        const version = await t.database.db
          .selectFrom('box_versions')
          .innerJoin('boxes', 'boxes.id', 'box_versions.box_id')
          .select('box_versions.id')
          .where('boxes.slug', '=', box.slug)
          .where('box_versions.version', '=', box.version)
          .executeTakeFirstOrThrow();
        const item = await t.database.db
          .selectFrom('box_items')
          .select(['product_id', 'price_cents'])
          .where('box_version_id', '=', version.id)
          .where('ticket_from', '<=', d.ticket)
          .where('ticket_to', '>=', d.ticket)
          .executeTakeFirstOrThrow();
        expect(d.item.id).toBe(item.product_id);
        expect(Math.round(d.item.price * 100)).toBe(item.price_cents);
        values[d.round]![seat.seat] = item.price_cents;
      }
      expect(Math.round(seat.total * 100)).toBe(seat.drops.reduce((a, d) => a + Math.round(d.item.price * 100), 0));
    }
    const result = battleWinners({ mode: b.mode, crazy: b.crazy, terminal: b.terminal }, values, {
      serverSeed: b.server_seed!,
      publicSeed: b.public_seed!,
    });
    expect(b.winners).toEqual(result.winners);
    expect(b.tie_break).toEqual(result.tieBreak);
    return { values, result };
  }

  describe('create', () => {
    it('debits seat 0, commits seeds and box list, lists the battle, publishes', async () => {
      const p = await t.player(100_000, 'Creator');
      const slugs = [cheap().slug, t.boxes[1]!.slug, cheap().slug];
      const res = await t.post('/api/battles/create', p, { boxes: slugs, mode: '1v1' });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { data: { id: number }; msg: string; balance: number };
      expect(body.msg).toBeTruthy();
      expect(Math.round(body.balance * 100)).toBe(100_000 - seatCost(slugs));
      const b = battleSchema.parse(await t.battle(body.data.id));
      expect(b).toMatchObject({ status: 'waiting', mode: '1v1', crazy: false, terminal: false, private: false });
      expect(b.boxes.map((x) => x.slug)).toEqual(slugs);
      expect(Math.round(b.cost * 100)).toBe(seatCost(slugs));
      expect(b.server_seed).toBeNull();
      expect(b.public_seed).toBeNull();
      expect(b.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(b.boxes_hash).toBe(battleBoxesHash(b.boxes));
      expect(b.seats[0]!.user?.id).toBe(p.id);
      const pair = await t.database.db
        .selectFrom('fair_seeds')
        .select('client_seed')
        .where('user_id', '=', p.id)
        .where('slot', '=', 'active')
        .executeTakeFirstOrThrow();
      expect(b.seats[0]!.client_seed).toBe(pair.client_seed);
      expect(b.seats[1]).toMatchObject({ user: null, bot: null, client_seed: null });
      const list = battleListResponseSchema.parse((await t.get('/api/battles')).json());
      expect(list.data.some((x) => x.id === b.id && x.seats_filled === 1 && x.seats_total === 2)).toBe(true);
      expect(t.events.some((e) => e.channel === `battle-${b.id}` && e.event === 'battleCreated')).toBe(true);
      expect(t.events.some((e) => e.channel === 'public' && e.event === 'battleListUpdated')).toBe(true);
      expect(await kinds(p.id)).toEqual([
        { kind: 'battle', delta_cents: -seatCost(slugs), idempotency_key: `battle:${b.id}:seat:0` },
      ]);
    });

    it('private battles are not listed nor published on the public channel', async () => {
      const p = await t.player(100_000);
      const before = t.events.length;
      const id = await create(p, { boxes: [cheap().slug], mode: '1v1', private: true });
      expect((await t.battle(id, { player: p })).private).toBe(true);
      const list = (await t.get('/api/battles')).json() as { data: { id: number }[] };
      expect(list.data.some((x) => x.id === id)).toBe(false);
      expect(t.events.slice(before).some((e) => e.channel === 'public')).toBe(false);
    });

    it('refuses bad input with 4xx, errors.boxes for boxes, and changes nothing', async () => {
      const p = await t.player(100_000);
      const cases: [unknown, number, string?][] = [
        [{ boxes: ['no-such-box'], mode: '1v1' }, 422, 'boxes'],
        [{ boxes: [t.freeBox], mode: '1v1' }, 422, 'boxes'],
        [{ boxes: [], mode: '1v1' }, 422, 'boxes'],
        [{ boxes: Array(51).fill(cheap().slug), mode: '1v1' }, 422, 'boxes'],
        [{ boxes: 'x', mode: '1v1' }, 422, 'boxes'],
        [{ boxes: [cheap().slug], mode: '5v5' }, 422, 'mode'],
        [{ boxes: [cheap().slug], mode: '1v1', crazy: 'yes' }, 422, 'crazy'],
        [{ mode: '1v1' }, 422, 'boxes'],
      ];
      for (const [payload, status, field] of cases) {
        const res = await t.post('/api/battles/create', p, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(status);
        const body = res.json() as { msg: string; errors: Record<string, string[]> };
        expect(body.msg).toBeTruthy();
        if (field) expect(body.errors[field]?.[0]).toBeTruthy();
      }
      const unknown = (await t.post('/api/battles/create', p, { boxes: [cheap().slug, 'nope'], mode: '1v1' })).json();
      expect(unknown.errors.boxes[0]).toBe('Unknown box "nope".');
      expect((await t.post('/api/battles/create', null, { boxes: [cheap().slug], mode: '1v1' })).statusCode).toBe(401);
      const poor = await t.player(1);
      const res = await t.post('/api/battles/create', poor, { boxes: [cheap().slug], mode: '1v1' });
      expect(res.statusCode).toBe(422);
      expect(res.json().msg).toBe('Insufficient balance.');
      expect(await t.balance(p.id)).toBe(100_000);
      expect(await t.balance(poor.id)).toBe(1);
      const mine = await t.database.db
        .selectFrom('battles')
        .select('id')
        .where('creator_id', 'in', [p.id, poor.id])
        .execute();
      expect(mine).toEqual([]);
    });
  });

  describe('a played 1v1 with a bot', () => {
    it('starts when the bot fills the last seat, plays round by round, pays the winner the items', async () => {
      const p = await t.player(100_000);
      const slugs = [cheap().slug, t.boxes[2]!.slug, t.boxes[1]!.slug];
      const id = await create(p, { boxes: slugs, mode: '1v1' });
      const res = await t.post(`/api/battles/${id}/add-bots`, p, { bots: 1 });
      expect(res.statusCode, res.body).toBe(200);
      expect(Math.round(res.json().balance * 100)).toBe(100_000 - 2 * seatCost(slugs));
      let b = await t.battle(id);
      expect(b.status).toBe('running');
      expect(b.seats[1]!.bot).not.toBeNull();
      expect(b.seats[1]!.client_seed).toBe(`bot:${id}:1`);
      expect(b.public_seed).toBe(battlePublicSeed(id, [b.seats[0]!.client_seed!, `bot:${id}:1`]));
      expect(b.round).toBe(-1);
      expect(b.seats.every((s) => s.drops.length === 0)).toBe(true);
      for (let r = 0; r < 3; r++) {
        await t.tick();
        b = await t.battle(id);
        expect(b.round).toBe(r);
        expect(b.seats.every((s) => s.drops.length === r + 1)).toBe(true);
        expect(b.server_seed).toBeNull();
      }
      await t.tick();
      b = await t.battle(id);
      const { result } = await expectFair(b);
      const channel = t.events.filter((e) => e.channel === `battle-${id}`).map((e) => e.event);
      expect(channel).toEqual([
        'battleCreated',
        'playerJoined',
        'battleStarted',
        'battleRoundStarted',
        'battleRoundEnded',
        'battleRoundStarted',
        'battleRoundEnded',
        'battleRoundStarted',
        'battleRoundEnded',
        'battleEnded',
      ]);
      const items = await t.database.db
        .selectFrom('inventory_items')
        .select(['product_id', 'price_cents', 'source'])
        .where('user_id', '=', p.id)
        .execute();
      if (result.winners[0] === 0) {
        expect(items.length).toBe(6);
        expect(items.every((i) => i.source === 'battle')).toBe(true);
      } else expect(items).toEqual([]);
      // the ledger: two seats paid, nothing else (FFA prizes are items)
      expect(await kinds(p.id)).toEqual([
        { kind: 'battle', delta_cents: -seatCost(slugs), idempotency_key: `battle:${id}:seat:0` },
        { kind: 'battle', delta_cents: -seatCost(slugs), idempotency_key: `battle:${id}:seat:1` },
      ]);
      expect(await t.balance(p.id)).toBe(100_000 - 2 * seatCost(slugs));
      const ended = (await t.get('/api/battles')).json() as { data: { id: number; status: string }[] };
      expect(ended.data.find((x) => x.id === id)?.status).toBe('ended');
    });
  });

  describe('join, teams, bots, cancel', () => {
    it('2v2: players choose teams, bots fill the rest, the winning team splits the value as balance', async () => {
      const [a, b2] = [await t.player(100_000), await t.player(100_000)];
      const slugs = [cheap().slug, cheap().slug];
      const cost = seatCost(slugs);
      const id = await create(a, { boxes: slugs, mode: '2v2' });
      const join = await t.post(`/api/battles/${id}/join`, b2, { team_idx: 1 });
      expect(join.statusCode, join.body).toBe(200);
      expect(Math.round(join.json().balance * 100)).toBe(100_000 - cost);
      let battle = await t.battle(id);
      expect(battle.seats.map((s) => s.user?.id ?? null)).toEqual([a.id, null, b2.id, null]);
      expect((await t.post(`/api/battles/${id}/add-bots`, a, { bots: 1, team_idx: 0 })).statusCode).toBe(200);
      expect((await t.post(`/api/battles/${id}/add-bots`, a, { bots: 1, team_idx: 1 })).statusCode).toBe(200);
      battle = await t.battle(id);
      expect(battle.status).toBe('running');
      expect(battle.seats.map((s) => s.team)).toEqual([0, 0, 1, 1]);
      await t.playAll();
      const { values, result } = await expectFair(await t.battle(id));
      const value = values.flat().reduce((x, y) => x + y, 0);
      const shares = battleTeamShares(value, result.winners, new Set([0, 2]));
      const winA = shares.get(0) ?? 0;
      const winB = shares.get(2) ?? 0;
      expect(winA + winB).toBe(Math.floor(value / 2) + (value % 2));
      expect(await t.balance(a.id)).toBe(100_000 - 3 * cost + winA);
      expect(await t.balance(b2.id)).toBe(100_000 - cost + winB);
      const wins = [...(await kinds(a.id)), ...(await kinds(b2.id))].filter((l) => l.kind === 'battle_win');
      expect(sum(wins)).toBe(winA + winB);
      // house: 4 seats paid, the winning half (or its human share) paid out
      expect(sum([...(await kinds(a.id)), ...(await kinds(b2.id))])).toBe(-4 * cost + winA + winB);
    });

    it('refuses joining own, full, started, canceled and missing battles, unknown or full teams, no funds', async () => {
      const [a, b2, c, poor] = [
        await t.player(100_000),
        await t.player(100_000),
        await t.player(100_000),
        await t.player(1),
      ];
      const slug = cheap().slug;
      const id = await create(a, { boxes: [slug], mode: '2v2' });
      const j = (p: TestPlayer, body: unknown = {}, battleId = id) => t.post(`/api/battles/${battleId}/join`, p, body);
      expect((await j(a)).json().msg).toBe('You are already in this battle.');
      expect((await j(b2, { team_idx: 2 })).statusCode).toBe(422);
      expect((await j(b2, { team_idx: -1 })).statusCode).toBe(422);
      expect((await j(b2, { team_idx: 'x' })).statusCode).toBe(422);
      const noFunds = await j(poor);
      expect(noFunds.statusCode).toBe(422);
      expect(noFunds.json().msg).toBe('Insufficient balance.');
      expect((await j(b2, { team_idx: 0 })).statusCode).toBe(200);
      const teamFull = await j(c, { team_idx: 0 });
      expect(teamFull.statusCode).toBe(409);
      expect(teamFull.json().msg).toBe('That team is full.');
      expect((await j(b2)).statusCode).toBe(409);
      expect((await j(c, {}, 999_999)).statusCode).toBe(404);
      expect((await t.get('/api/battles/999999')).statusCode).toBe(404);
      expect((await t.get('/api/battles/abc')).statusCode).toBe(422);
      expect((await t.post(`/api/battles/${id}/join`, null, {})).statusCode).toBe(401);
      // add-bots errors
      expect((await t.post(`/api/battles/${id}/add-bots`, b2, { bots: 1 })).statusCode).toBe(403);
      expect((await t.post(`/api/battles/${id}/add-bots`, a, { bots: 3 })).statusCode).toBe(409);
      expect((await t.post(`/api/battles/${id}/add-bots`, a, { bots: 0 })).statusCode).toBe(422);
      expect((await t.post(`/api/battles/${id}/add-bots`, a, { bots: 1, team_idx: 0 })).json().msg).toBe(
        'That team is full.',
      );
      // cancel errors
      expect((await t.post(`/api/battles/${id}/cancel`, b2)).statusCode).toBe(403);
      // fill and start: then join / cancel / add-bots are refused
      expect((await t.post(`/api/battles/${id}/join`, c, {})).statusCode).toBe(200);
      expect((await t.post(`/api/battles/${id}/add-bots`, a, { bots: 1 })).statusCode).toBe(200);
      const started = await j(poor);
      expect(started.statusCode).toBe(409);
      expect(started.json().msg).toBe('This battle has already started.');
      expect((await t.post(`/api/battles/${id}/cancel`, a)).statusCode).toBe(409);
      expect(await t.balance(poor.id)).toBe(1);
      await t.playAll();
      expect(await t.balance(poor.id)).toBe(1);
    });

    it('cancel refunds every seat (bots to the creator) and hides the battle', async () => {
      const [a, b2] = [await t.player(100_000), await t.player(100_000)];
      const slugs = [cheap().slug, t.boxes[1]!.slug];
      const id = await create(a, { boxes: slugs, mode: '1v1v1v1' });
      expect((await t.post(`/api/battles/${id}/join`, b2, {})).statusCode).toBe(200);
      expect((await t.post(`/api/battles/${id}/add-bots`, a, { bots: 1 })).statusCode).toBe(200);
      const res = await t.post(`/api/battles/${id}/cancel`, a);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().msg).toBeTruthy();
      expect(await t.balance(a.id)).toBe(100_000);
      expect(await t.balance(b2.id)).toBe(100_000);
      expect(sum(await kinds(a.id))).toBe(0);
      expect((await kinds(a.id)).filter((l) => l.kind === 'battle_refund').length).toBe(2);
      expect((await t.battle(id)).status).toBe('canceled');
      const list = (await t.get('/api/battles')).json() as { data: { id: number }[] };
      expect(list.data.some((x) => x.id === id)).toBe(false);
      expect(t.events.some((e) => e.channel === `battle-${id}` && e.event === 'battleCanceled')).toBe(true);
      expect((await t.post(`/api/battles/${id}/cancel`, a)).statusCode).toBe(409);
      expect((await t.post(`/api/battles/${id}/join`, await t.player(100_000), {})).json().msg).toBe(
        'This battle was canceled.',
      );
      expect(await t.balance(a.id)).toBe(100_000);
    });

    it('crazy and terminal battles of every mode end with the shared rules', async () => {
      const a = await t.player(1_000_000);
      const modes = ['1v1v1', '3v3', '1v1'] as const;
      const ids = [];
      for (const [i, mode] of modes.entries()) {
        const id = await create(a, {
          boxes: [cheap().slug, t.boxes[1]!.slug],
          mode,
          crazy: i !== 1,
          terminal: i !== 0,
        });
        const seats = { '1v1v1': 2, '3v3': 5, '1v1': 1 }[mode];
        expect((await t.post(`/api/battles/${id}/add-bots`, a, { bots: seats })).statusCode).toBe(200);
        ids.push(id);
      }
      await t.playAll();
      for (const id of ids) await expectFair(await t.battle(id));
    });
  });
});
