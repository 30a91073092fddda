// Public replays (GET /api/bets/{game}/{id}) on each database: a player plays every game once; each
// bet's replay matches the stored row and its archive entry, and once its seed is revealed the shared
// outcome function recomputes it from the replay's own fair inputs. Before that no server seed appears
// anywhere in the answer. Unknown, unsettled and private bets are 404s; bad paths 422; a player who hides
// their public stats is null.
import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers/test-db.ts';
import { gameRig } from '../helpers/game-rig.ts';
import type { TestPlayer } from '../helpers/users.ts';
import { replayResponseSchema, type Replay } from '../../src/shared/api/replay.ts';
import type { ArchivedBet } from '../../src/shared/api/profile-bets.ts';
import { crashPoint, nextChainHash } from '../../src/shared/fair/index.ts';
import { diceOutcome } from '../../src/shared/games/dice/dice.outcome.ts';
import { plinkoOutcome } from '../../src/shared/games/plinko/plinko.outcome.ts';
import { upgradeOutcome } from '../../src/shared/games/upgrade/upgrade.outcome.ts';
import { boxOutcome } from '../../src/shared/games/boxes/boxes.outcome.ts';
import { wheelOutcome, wheelSeeds } from '../../src/shared/games/wheel/wheel.outcome.ts';
import { battleTicket } from '../../src/shared/games/battles/battle.outcome.ts';

const DAY_MS = 86_400_000;

describeEachDb('public replays', (dialect) => {
  const rig = gameRig(dialect);
  const { app, db, player, post, battleEnded, cheapestBox, crashWin, wheelRound } = rig;
  const get = (url: string) => app().fastify.inject({ method: 'GET', url });
  const replay = async (game: string, id: number): Promise<{ data: Replay; body: string }> => {
    const res = await get(`/api/bets/${game}/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return { data: replayResponseSchema.parse(res.json()).data, body: res.body };
  };
  const archive = async (p: TestPlayer) => {
    const res = await app().fastify.inject({ method: 'GET', url: '/api/profile/bets', headers: p.headers });
    return (res.json() as { data: ArchivedBet[] }).data;
  };
  const secretSeeds = async (userId: number) =>
    (
      await db()
        .selectFrom('fair_seeds')
        .select('server_seed')
        .where('user_id', '=', userId)
        .where('slot', 'is not', null)
        .execute()
    ).map((r) => r.server_seed);

  /** One bet of every game by `p` (with `opponent` in the battle); the ids by game. */
  async function playEverything(p: TestPlayer, opponent: TestPlayer) {
    const dice = (await post(p, '/api/dice/bet', { amount: 1, target: 50, direction: 'over' })).data;
    const plinko = (await post(p, '/api/plinko/bet', { amount: 1, rows: 8, risk: 'low' })).data;
    const opened = (await post(p, '/api/boxes/penny-box/open', { count: 1 })).data;
    const products = await db().selectFrom('products').select(['id', 'price_cents']).orderBy('price_cents').execute();
    const stake = Math.round(opened.reels[0].item.price * 100) + 100;
    const target = products.find((x) => Number(x.price_cents) >= stake * 3)!;
    const upgrade = (
      await post(p, '/api/upgrade', {
        item_ids: [opened.reels[0].inventory_item_id],
        balance: 1,
        target_product_id: target.id,
      })
    ).data;
    const box = await cheapestBox();
    const battle = (await post(p, '/api/battles/create', { boxes: [box.slug], mode: '1v1' })).data.id as number;
    await post(opponent, `/api/battles/${battle}/join`);
    await battleEnded(battle);
    const round = await crashWin(p);
    let wheelBet = 0;
    await wheelRound(async () => {
      wheelBet = (await post(p, '/api/wheel/bet', { amount: 1, color: 'grey' })).data.id;
    });
    const ids = (table: 'box_openings' | 'crash_bets' | 'battle_seats') =>
      db()
        .selectFrom(table)
        .select('id')
        .where(table === 'battle_seats' ? 'payer_id' : 'user_id', '=', p.id)
        .executeTakeFirstOrThrow();
    return {
      ids: {
        dice: dice.id as number,
        plinko: plinko.id as number,
        upgrade: upgrade.id as number,
        box: Number((await ids('box_openings')).id),
        battle: Number((await ids('battle_seats')).id),
        crash: Number((await ids('crash_bets')).id),
        wheel: wheelBet,
      },
      dice,
      plinko,
      upgrade,
      opened,
      battle,
      round,
    };
  }

  it('replays every game as stored; seeds only once revealed, then the shared outcomes agree', async () => {
    const p = await player(10_000_00);
    const opponent = await player(100_00);
    const played = await playEverything(p, opponent);
    const listed = new Map((await archive(p)).map((b) => [`${b.game}:${b.id}`, b]));
    const user = await db()
      .selectFrom('users')
      .select(['name', 'avatar_url', 'level'])
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    const hidden = [...(await secretSeeds(p.id))];
    const day = await db().selectFrom('wheel_day_seeds').selectAll().execute();
    hidden.push(...day.map((d) => d.server_seed));

    const before = new Map<string, Replay>();
    for (const [game, id] of Object.entries(played.ids)) {
      const { data, body } = await replay(game, id);
      before.set(game, data);
      const entry = listed.get(`${game}:${id}`)!;
      expect(data, game).toMatchObject({
        game,
        id,
        player: { id: p.id, name: user.name, avatar_url: user.avatar_url, level: Number(user.level) },
        stake: entry.stake,
        payout: entry.payout,
        result: entry.result,
        created_at: entry.created_at,
        title: entry.title,
      });
      expect(data.outcome.game).toBe(game);
      expect(data.multiplier).toBe(Math.round((entry.payout / entry.stake) * 100) / 100);
      for (const seed of hidden) expect(body, `${game} leaks a secret seed`).not.toContain(seed);
      if (['dice', 'plinko', 'upgrade', 'box', 'wheel'].includes(game)) {
        expect(data.fair, game).toMatchObject({ server_seed: null, verify_link: null });
      }
    }

    // the stored rows, field by field
    const { dice, plinko, upgrade, opened } = played;
    expect(before.get('dice')!.outcome).toEqual({
      game: 'dice',
      roll: dice.roll,
      target: 50,
      direction: 'over',
      chance: 50,
      win: dice.win,
      multiplier: dice.multiplier,
    });
    expect(before.get('dice')!.fair).toMatchObject({
      server_seed_hash: dice.server_seed_hash,
      client_seed: dice.client_seed,
      nonce: dice.nonce,
    });
    expect(before.get('plinko')!.outcome).toEqual({
      game: 'plinko',
      rows: 8,
      risk: 'low',
      path: plinko.path,
      bucket: plinko.bucket,
      multiplier: plinko.multiplier,
    });
    expect(before.get('upgrade')!.outcome).toMatchObject({
      roll: upgrade.roll,
      chance: upgrade.chance,
      win: upgrade.win,
      stake_balance: 1,
      target: { id: upgrade.target.id },
      stake_items: [{ id: opened.reels[0].inventory_item_id, product_id: opened.reels[0].item.id }],
    });
    const reel = opened.reels[0];
    const boxReplay = before.get('box')!.outcome;
    expect(boxReplay).toMatchObject({
      box: { slug: 'penny-box', version: reel.box_version },
      ticket: reel.ticket,
      item: { id: reel.item.id, ticket_from: reel.item.ticket_from, ticket_to: reel.item.ticket_to },
    });
    const crash = before.get('crash')!;
    expect(crash.outcome).toEqual({
      game: 'crash',
      round_id: Number(played.round.id),
      crash_point: 10,
      cashed_out_at: 5,
      auto_cashout: 5,
    });
    expect(crash).toMatchObject({ stake: 500, payout: 2500, multiplier: 5 });
    expect(crash.fair.verify_link).toBe(`/rocket/provably-fair?hash=${played.round.hash}`);
    const wheel = before.get('wheel')!;
    expect(wheel.outcome).toMatchObject({ game: 'wheel', round_id: 1, choice: 'grey' });
    const round = await db().selectFrom('wheel_rounds').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    expect(wheel.outcome).toMatchObject({ segment: Number(round.segment) });
    const battle = before.get('battle')!;
    if (battle.outcome.game !== 'battle') throw new Error('not a battle');
    expect(battle.outcome.battle).toMatchObject({ id: played.battle, status: 'ended', invite_code: null });
    expect(battle.fair.verify_link).toBe(`/battles/${played.battle}`);

    // Rocket: the game hash is the seed of an ended round, the salt the client seed (the rig forced the
    // stored crash point to 10×: the chain's own point is the round row's before that)
    expect(nextChainHash(crash.fair.server_seed!)).toBe(crash.fair.server_seed_hash);
    expect(crashPoint(crash.fair.server_seed!, crash.fair.client_seed)).toBe(
      Number(played.round.crash_point_cents) / 100,
    );
    // battle: every drop's ticket from the revealed seed and the public seed
    for (const seat of battle.outcome.battle.seats)
      for (const d of seat.drops)
        expect(
          battleTicket({
            serverSeed: battle.fair.server_seed!,
            publicSeed: battle.fair.client_seed,
            round: d.round,
            seat: seat.seat,
          }),
        ).toBe(d.ticket);

    // rotating the pair reveals it: the seeded games' outcomes recompute from the replay alone
    await post(p, '/api/fair/rotate');
    const seedOf = (r: Replay) => ({
      serverSeed: r.fair.server_seed!,
      clientSeed: r.fair.client_seed,
      nonce: r.fair.nonce!,
    });
    const after = async (game: string) => {
      const { data } = await replay(game, played.ids[game as keyof typeof played.ids]);
      expect(data.fair.server_seed, game).not.toBeNull();
      expect(data.fair.verify_link, game).toContain(`server_seed=${data.fair.server_seed}`);
      return data;
    };
    const d = await after('dice');
    if (d.outcome.game !== 'dice') throw new Error('not dice');
    expect(diceOutcome(seedOf(d), d.outcome.target, d.outcome.direction)).toMatchObject({
      roll: d.outcome.roll,
      win: d.outcome.win,
    });
    const b = await after('plinko');
    if (b.outcome.game !== 'plinko') throw new Error('not plinko');
    expect(plinkoOutcome(seedOf(b), b.outcome.rows, b.outcome.risk)).toMatchObject({
      path: b.outcome.path,
      bucket: b.outcome.bucket,
    });
    const u = await after('upgrade');
    if (u.outcome.game !== 'upgrade') throw new Error('not upgrade');
    expect(upgradeOutcome(seedOf(u), u.outcome.chance)).toMatchObject({ roll: u.outcome.roll, win: u.outcome.win });
    const x = await after('box');
    if (x.outcome.game !== 'box') throw new Error('not box');
    const ranges = x.outcome.items.map((i) => ({ from: i.ticket_from, to: i.ticket_to }));
    const { ticket, index } = boxOutcome(seedOf(x), ranges);
    expect(ticket).toBe(x.outcome.ticket);
    expect(x.outcome.items[index]!.id).toBe(x.outcome.item.id);

    // the wheel: its day's seed only once the day is over
    const clock = rig.clock();
    await clock.advance(DAY_MS);
    const w = (await replay('wheel', played.ids.wheel)).data;
    if (w.outcome.game !== 'wheel') throw new Error('not wheel');
    expect(w.fair.verify_link).toBe('/wheel/provably-fair?round=1');
    const seeds = wheelSeeds(w.fair.server_seed!, w.fair.client_seed, w.outcome.round_id);
    expect(wheelOutcome(seeds)).toMatchObject({ segment: w.outcome.segment, color: w.outcome.color });
  });

  it('is 404 for unknown, unsettled and private bets, 422 for a bad path; masks a hidden player', async () => {
    const p = await player(10_000_00);
    const dice = (await post(p, '/api/dice/bet', { amount: 1, target: 50, direction: 'over' })).data;
    const notFound = async (url: string) => {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ message: 'Bet not found.' });
    };
    await notFound(`/api/bets/dice/${dice.id + 1}`);
    await notFound(`/api/bets/plinko/${dice.id}`); // a dice bet's id under another game
    for (const url of ['/api/bets/poker/1', '/api/bets/dice/abc', '/api/bets/dice/1.5', '/api/bets/dice/0']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json()).toHaveProperty('message');
    }

    // documented in the OpenAPI document: public, its path parameters and the replay's schema
    const op = (await get('/api/openapi.json')).json().paths['/api/bets/{game}/{id}'].get;
    expect(op.security ?? []).toEqual([]);
    expect(op.parameters.map((x: { name: string }) => x.name)).toEqual(['game', 'id']);
    expect(op.responses['200'].content['application/json'].schema.properties.data).toBeTruthy();

    // a battle still waiting, a private one ended
    const box = await cheapestBox();
    const waiting = (await post(p, '/api/battles/create', { boxes: [box.slug], mode: '1v1' })).data.id as number;
    const seatOf = async (battle: number) =>
      Number(
        (await db().selectFrom('battle_seats').select('id').where('battle_id', '=', battle).executeTakeFirstOrThrow())
          .id,
      );
    await notFound(`/api/bets/battle/${await seatOf(waiting)}`);
    const hidden = (await post(p, '/api/battles/create', { boxes: [box.slug], mode: '1v1', private: true })).data
      .id as number;
    await post(p, `/api/battles/${hidden}/add-bots`, { bots: 1 });
    await battleEnded(hidden);
    await notFound(`/api/bets/battle/${await seatOf(hidden)}`);

    // a Rocket bet still riding, a wheel bet of a running round
    const crash = app().fastify.rounds.get('/crash')!;
    const crashRound = () => db().selectFrom('crash_rounds').selectAll().orderBy('id', 'desc').executeTakeFirst();
    crash.start();
    await rig.until(async () => (await crashRound())?.status === 'starting', 50);
    const riding = (await post(p, '/api/crash/bet', { amount: 1 })).data.id as number;
    await notFound(`/api/bets/crash/${riding}`);
    await crash.stop();
    const wheel = app().fastify.wheelLoop;
    wheel.start();
    await rig.until(
      async () =>
        (await db().selectFrom('wheel_rounds').select('status').where('id', '=', 1).executeTakeFirst())?.status ===
        'starting',
      50,
    );
    const spinning = (await post(p, '/api/wheel/bet', { amount: 1, color: 'red' })).data.id as number;
    await notFound(`/api/bets/wheel/${spinning}`);
    await wheel.stop();

    // hidden public stats: no player, nor their name anywhere
    await db().updateTable('users').set({ hide_public_stats: 1 }).where('id', '=', p.id).execute();
    const res = await get(`/api/bets/dice/${dice.id}`);
    expect(res.json().data).toMatchObject({ player: null, mine: false });
    const name = (await db().selectFrom('users').select('name').where('id', '=', p.id).executeTakeFirstOrThrow()).name;
    expect(res.body).not.toContain(name);
  });

  it('is mine only for the signed-in owner; the token stays optional', async () => {
    const p = await player(100_00);
    const other = await player(100_00);
    const dice = (await post(p, '/api/dice/bet', { amount: 1, target: 50, direction: 'over' })).data;
    const url = `/api/bets/dice/${dice.id}`;
    const as = (headers?: Record<string, string>) => app().fastify.inject({ method: 'GET', url, headers });
    expect((await as()).json().data).toMatchObject({ mine: false, player: { id: p.id } });
    expect((await as(other.headers)).json().data).toMatchObject({ mine: false, player: { id: p.id } });
    expect((await as(p.headers)).json().data).toMatchObject({ mine: true, player: { id: p.id } });
    // hidden public stats: still masked for everyone, owner included (the page names them from their session)
    await db().updateTable('users').set({ hide_public_stats: 1 }).where('id', '=', p.id).execute();
    expect((await as(p.headers)).json().data).toMatchObject({ mine: true, player: null });
    expect((await as(other.headers)).json().data).toMatchObject({ mine: false, player: null });
    // a bad token is a 401 (the client refreshes it), never a silent guest
    expect((await as({ authorization: 'Bearer nope' })).statusCode).toBe(401);
  });
});
