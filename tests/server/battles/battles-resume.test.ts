// Restart and secrecy on each database. A battle interrupted after round 3 of 6 and resumed by a
// fresh app gives the same drops and winner, pays once; a waiting battle stays waiting. Leak test:
// every API answer and channel event of a running battle is recorded; none holds a future round's
// drop (or the server seed) before that round is played.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../helpers/test-db.ts';
import { createBattleTest, type BattleTest } from './battle-fixture.ts';
import { battleWinners } from '../../../src/shared/games/battles/battle.outcome.ts';
import type { Battle } from '../../../src/shared/api/battles.ts';

describeEachDb('battle restart and secrecy', (dialect) => {
  let t: BattleTest;
  beforeAll(async () => {
    t = await createBattleTest(dialect);
  });
  afterAll(() => t.close());

  const slugs = () => [0, 1, 2, 0, 1, 2].map((i) => t.boxes[i]!.slug);

  it('resumes a battle interrupted after round 3 of 6: same drops, same winner, paid once', async () => {
    const [a, b] = [await t.player(100_000), await t.player(100_000)];
    const created = await t.post('/api/battles/create', a, { boxes: slugs(), mode: '1v1' });
    const id = (created.json() as { data: { id: number } }).data.id;
    const waiting = (await t.post('/api/battles/create', b, { boxes: slugs(), mode: '1v1v1' })).json().data
      .id as number;
    expect((await t.post(`/api/battles/${id}/join`, b, {})).statusCode).toBe(200);
    const stored = await t.database.db
      .selectFrom('battle_drops')
      .select(['id', 'round', 'seat', 'ticket', 'product_id'])
      .where('battle_id', '=', id)
      .orderBy('id')
      .execute();
    expect(stored.length).toBe(12);
    for (let r = 0; r < 3; r++) await t.tick();
    const before = await t.battle(id);
    expect(before.round).toBe(2);
    await t.fastify.close(); // the server goes away mid-battle
    await t.restart();
    const resumed = await t.battle(id);
    expect(resumed.round).toBe(2);
    expect(resumed.seats.map((s) => s.drops)).toEqual(before.seats.map((s) => s.drops));
    await t.playAll();
    const after = await t.battle(id);
    expect(after.status).toBe('ended');
    for (const s of after.seats) expect(s.drops.slice(0, 3)).toEqual(before.seats[s.seat]!.drops);
    // never re-rolled: the drops stored at the start are the drops shown
    expect(
      await t.database.db
        .selectFrom('battle_drops')
        .select(['id', 'round', 'seat', 'ticket', 'product_id'])
        .where('battle_id', '=', id)
        .orderBy('id')
        .execute(),
    ).toEqual(stored);
    const values = after.boxes.map((_, r) => after.seats.map((s) => Math.round(s.drops[r]!.item.price * 100)));
    const expected = battleWinners({ mode: '1v1', crazy: false, terminal: false }, values, {
      serverSeed: after.server_seed!,
      publicSeed: after.public_seed!,
    });
    expect(after.winners).toEqual(expected.winners);
    const winner = after.seats[expected.winners[0]!]!.user!.id;
    const items = await t.database.db
      .selectFrom('inventory_items')
      .select('id')
      .where('user_id', '=', winner)
      .execute();
    expect(items.length).toBe(12);
    expect((await t.battle(waiting)).status).toBe('waiting');
    const ended = t.events.filter((e) => e.channel === `battle-${id}` && e.event === 'battleEnded');
    expect(ended.length).toBe(1);
    const started = t.events.filter((e) => e.channel === `battle-${id}` && e.event === 'battleRoundStarted');
    expect(started.map((e) => (e.data as { round: number }).round)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('two servers on one database step each round once and settle once', async () => {
    const p = await t.player(100_000);
    const id = (await t.post('/api/battles/create', p, { boxes: slugs(), mode: '2v2' })).json().data.id as number;
    expect((await t.post(`/api/battles/${id}/add-bots`, p, { bots: 3 })).statusCode).toBe(200);
    const first = t.fastify;
    await t.restart(); // a second app on the same database: its runner resumes the same battle
    const second = t.fastify;
    for (let i = 0; i < 10; i++) {
      await first.battleRunner.idle();
      await t.tick();
    }
    await first.battleRunner.idle();
    const mine = t.events.filter((e) => e.channel === `battle-${id}`);
    const rounds = mine.filter((e) => e.event === 'battleRoundStarted').map((e) => (e.data as { round: number }).round);
    expect(rounds).toEqual([0, 1, 2, 3, 4, 5]);
    expect(mine.filter((e) => e.event === 'battleEnded').length).toBe(1);
    const b = await t.battle(id);
    expect(b.status).toBe('ended');
    const wins = (await t.ledger(p.id)).filter((l) => l.kind === 'battle_win');
    expect(wins.length).toBeLessThanOrEqual(1);
    await first.close();
    t.fastify = second;
  });

  it('a battle whose server died is finished by another server already running', async () => {
    const p = await t.player(100_000);
    const first = t.fastify;
    await t.restart(); // a second server on the same database, up before the battle starts
    const second = t.fastify;
    t.fastify = first;
    const id = (await t.post('/api/battles/create', p, { boxes: slugs(), mode: '2v2' })).json().data.id as number;
    expect((await t.post(`/api/battles/${id}/add-bots`, p, { bots: 3 })).statusCode).toBe(200); // first plays it
    await t.tick();
    expect((await t.battle(id)).round).toBe(0);
    await first.close(); // the first server goes away after round 0; the second never scheduled this battle
    t.fastify = second;
    await t.playAll();
    const b = await t.battle(id);
    expect(b.status).toBe('ended');
    const mine = t.events.filter((e) => e.channel === `battle-${id}`);
    const rounds = mine.filter((e) => e.event === 'battleRoundStarted').map((e) => (e.data as { round: number }).round);
    expect(rounds).toEqual([0, 1, 2, 3, 4, 5]);
    expect(mine.filter((e) => e.event === 'battleEnded').length).toBe(1);
  });

  it('no API answer or channel event shows a future round (or the server seed) before it is played', async () => {
    const p = await t.player(100_000);
    const recorded: { revealed: number; what: string; payload: unknown }[] = [];
    let revealed = -1;
    let serverSeed = '';
    const stop = (
      t.fastify.publisher as unknown as { subscribe(f: (e: { event: string; data: unknown }) => void): () => void }
    ).subscribe((e) => {
      if (e.event === 'battleRoundStarted') revealed = (e.data as { round: number }).round;
      if (e.event === 'battleEnded') revealed = 99;
      recorded.push({ revealed, what: e.event, payload: e.data });
    });
    const record = async (url: string) => {
      const res = await t.get(url);
      recorded.push({ revealed, what: url, payload: res.json() });
    };
    const created = await t.post('/api/battles/create', p, { boxes: slugs(), mode: '1v1v1v1' });
    recorded.push({ revealed, what: 'create', payload: created.json() });
    const id = (created.json() as { data: { id: number } }).data.id;
    const bots = await t.post(`/api/battles/${id}/add-bots`, p, { bots: 3 });
    recorded.push({ revealed, what: 'add-bots', payload: bots.json() });
    for (let i = 0; i < 8; i++) {
      await record(`/api/battles/${id}`);
      await record('/api/battles');
      await t.tick();
    }
    stop();
    const final: Battle = await t.battle(id);
    expect(final.status).toBe('ended');
    serverSeed = final.server_seed!;
    const drops = final.seats.flatMap((s) => s.drops);
    expect(drops.length).toBe(24);
    const found: { round: number; ticket: number }[] = [];
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') {
        const o = v as Record<string, unknown>;
        if (typeof o.round === 'number' && typeof o.ticket === 'number')
          found.push({ round: o.round, ticket: o.ticket });
        Object.values(o).forEach(walk);
      }
    };
    let checked = 0;
    for (const r of recorded) {
      const text = JSON.stringify(r.payload);
      if (r.revealed < 99) expect(text.includes(serverSeed), `${r.what} shows the server seed early`).toBe(false);
      found.length = 0;
      walk(r.payload);
      for (const d of found) {
        expect(d.round, `${r.what} shows round ${d.round} while ${r.revealed} is played`).toBeLessThanOrEqual(
          r.revealed,
        );
        checked++;
      }
      if (r.what === 'battleRoundStarted') expect(found.every((d) => d.round === r.revealed)).toBe(true);
    }
    expect(checked).toBeGreaterThan(24);
  });
});
