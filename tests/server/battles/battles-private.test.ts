// Private battles on each database (issue 24, item 7): ids are sequential, so a private battle is
// hidden behind its invite code. Without the code, GET /api/battles/{id}, its channel and the join
// answer 404 to everyone but its players; ?code= on the GET and {code} in the join open it. A real
// pusher-js client is refused (404) or admitted by POST /api/battles/channel-auth.
import type { AddressInfo } from 'node:net';
import Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb } from '../../helpers/test-db.ts';
import type { TestPlayer } from '../../helpers/users.ts';
import { PusherServer } from '../../../src/server/realtime/pusher-server.ts';
import { channelAuth } from '../../../src/server/realtime/pusher-auth.ts';
import { battleSchema, createBattleResponseSchema } from '../../../src/shared/api/battles.ts';
import { createBattleTest, type BattleTest } from './battle-fixture.ts';

describeEachDb('private battles', (dialect) => {
  let t: BattleTest;
  beforeAll(async () => {
    t = await createBattleTest(dialect);
  });
  afterAll(() => t.close());

  const slug = () => t.boxes[0]!.slug;
  const cost = () => t.boxes[0]!.price_cents;
  async function createPrivate(p: TestPlayer, mode = '1v1v1') {
    const res = await t.post('/api/battles/create', p, { boxes: [slug()], mode, private: true });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { id: number; invite_code?: string | null; invite_link?: string | null } }).data;
  }
  const errorShape = { message: 'Battle not found.', msg: 'Battle not found.', request_id: expect.any(String) };

  it('create answers an invite code of ≥ 16 url-safe random characters and the creator link', async () => {
    const p = await t.player(100_000);
    const a = await createPrivate(p);
    const b = await createPrivate(p);
    for (const d of [a, b]) createBattleResponseSchema.shape.data.parse(d);
    for (const d of [a, b]) {
      expect(d.invite_code).toMatch(/^[A-Za-z0-9_-]{16,}$/);
      expect(d.invite_link).toBe(`/battles/${d.id}?code=${d.invite_code}`);
    }
    expect(a.invite_code).not.toBe(b.invite_code);
    const pub = (await t.post('/api/battles/create', p, { boxes: [slug()], mode: '1v1' })).json();
    expect(pub.data).toMatchObject({ invite_code: null, invite_link: null });
  });

  it('GET: 404 to guests and strangers without the code, open with ?code= and to its players', async () => {
    const [creator, stranger] = [await t.player(100_000), await t.player(100_000)];
    const { id, invite_code } = await createPrivate(creator);
    // the attack: ids are sequential, so a guest or a stranger simply reads the next one
    for (const res of [await t.get(`/api/battles/${id}`), await t.get(`/api/battles/${id}`, stranger)]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual(errorShape);
    }
    const code = invite_code!;
    for (const res of [
      await t.get(`/api/battles/${id}?code=${code.slice(1)}`, stranger),
      await t.get(`/api/battles/${id}?code=${code}x`),
      await t.get(`/api/battles/${id}?code=`),
      await t.get(`/api/battles/${id + 1}?code=${code}`), // the code opens its own battle only
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual(errorShape); // the same answer as a battle that does not exist
    }
    const asGuest = battleSchema.parse(await t.battle(id, { code }));
    expect(asGuest).toMatchObject({ id, private: true, invite_code: code });
    const asCreator = await t.battle(id, { player: creator });
    expect(asCreator.invite_code).toBe(code);
    // a bad token on a private battle is 401 (the client refreshes); a public battle ignores it
    const stale = { authorization: 'Bearer nope' };
    expect((await t.fastify.inject({ method: 'GET', url: `/api/battles/${id}`, headers: stale })).statusCode).toBe(401);
    const pub = (await t.post('/api/battles/create', creator, { boxes: [slug()], mode: '1v1' })).json().data.id;
    const open = await t.fastify.inject({ method: 'GET', url: `/api/battles/${pub}`, headers: stale });
    expect(open.statusCode).toBe(200);
    expect(open.json().data.invite_code).toBeNull();
    // bad input: a clear 422 in the spec's error shape
    const long = await t.get(`/api/battles/${id}?code=${'a'.repeat(65)}`);
    expect(long.statusCode).toBe(422);
    expect(long.json()).toMatchObject({ msg: 'The invite code is not valid.', errors: { code: expect.any(Array) } });
  });

  it('join: 404 and never charged without the code; {code} opens it; the joiner then sees it', async () => {
    const [creator, b, c] = [await t.player(100_000), await t.player(100_000), await t.player(100_000)];
    const { id, invite_code } = await createPrivate(creator);
    const guessed = await t.post(`/api/battles/${id}/join`, b, {}); // the attack: join the next id
    expect(guessed.statusCode, guessed.body).toBe(404);
    expect(await t.balance(b.id)).toBe(100_000);
    const code = invite_code!;
    for (const body of [{ code: 'x'.repeat(22) }, { code: code.toUpperCase() }, { team_idx: 1 }]) {
      const res = await t.post(`/api/battles/${id}/join`, b, body);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual(errorShape);
    }
    expect(await t.balance(b.id)).toBe(100_000);
    expect((await t.post(`/api/battles/${id}/join`, b, { code: 5 })).statusCode).toBe(422);
    // nothing else about it leaks to a stranger either
    expect((await t.post(`/api/battles/${id}/cancel`, b)).statusCode).toBe(404);
    expect((await t.post(`/api/battles/${id}/add-bots`, b, { bots: 1 })).statusCode).toBe(404);
    expect((await t.post(`/api/battles/${id}/leave`, b)).statusCode).toBe(404);
    const joined = await t.post(`/api/battles/${id}/join`, b, { code });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(await t.balance(b.id)).toBe(100_000 - cost());
    expect((await t.battle(id, { player: b })).seats[1]!.user?.id).toBe(b.id); // a player needs no code
    expect((await t.get(`/api/battles/${id}`, c)).statusCode).toBe(404);
    expect((await t.post(`/api/battles/${id}/join`, c, { code })).statusCode).toBe(200); // fills and starts it
    await t.playAll();
    const ended = await t.battle(id, { player: c });
    expect(ended.status).toBe('ended');
    expect((await t.get(`/api/battles/${id}`)).statusCode).toBe(404); // still private once ended
  });

  it('channel: events only on private-battle-{id}; channel-auth 404 without the code, signed with it', async () => {
    const [creator, b, stranger] = [await t.player(100_000), await t.player(100_000), await t.player(100_000)];
    const { id, invite_code } = await createPrivate(creator, '1v1');
    const code = invite_code!;
    const before = t.events.length;
    expect((await t.post(`/api/battles/${id}/join`, b, { code })).statusCode).toBe(200);
    await t.playAll();
    const mine = t.events.slice(before);
    expect(mine.some((e) => e.channel === `battle-${id}`)).toBe(false);
    expect(mine.filter((e) => e.channel === `private-battle-${id}`).map((e) => e.event)).toEqual(
      expect.arrayContaining(['playerJoined', 'battleStarted', 'battleRoundStarted', 'battleEnded']),
    );
    const channel_name = `private-battle-${id}`;
    const socket_id = '123.456';
    const auth = (player: TestPlayer | null, payload: Record<string, unknown>) =>
      t.post('/api/battles/channel-auth', player, { socket_id, channel_name, ...payload });
    for (const res of [await auth(null, {}), await auth(stranger, {}), await auth(stranger, { code: 'nope' })]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual(errorShape);
    }
    const signed = channelAuth(t.config.secrets.pusherKey, t.config.secrets.pusherSecret, socket_id, channel_name);
    expect((await auth(null, { code })).json()).toEqual({ auth: signed });
    expect((await auth(b, {})).json()).toEqual({ auth: signed });
    const form = await t.fastify.inject({
      method: 'POST',
      url: '/api/battles/channel-auth',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `socket_id=${socket_id}&channel_name=${channel_name}&code=${code}`,
    });
    expect(form.json()).toEqual({ auth: signed }); // what pusher-js sends
    expect((await auth(null, { channel_name: 'private-users.1' })).statusCode).toBe(422);
    expect((await auth(null, { channel_name: 'private-battle-99999999' })).statusCode).toBe(404);
  });

  describe('with a real channel server and pusher-js', () => {
    let channels: PusherServer | null = null;
    const clients: Pusher[] = [];
    afterAll(async () => {
      for (const c of clients) c.disconnect();
      await channels?.close();
    });

    /** Subscribes to the battle's channel sending `code`; resolves with the auth status or 'ok'. */
    function subscribe(port: number, id: number, code?: string, token?: string) {
      const p = new Pusher(t.config.secrets.pusherKey, {
        cluster: 'eu',
        wsHost: '127.0.0.1',
        wsPort: port,
        forceTLS: false,
        enabledTransports: ['ws'],
        enableStats: false,
        channelAuthorization: {
          endpoint: `http://127.0.0.1:${port}/api/battles/channel-auth`,
          transport: 'ajax',
          params: code === undefined ? {} : { code },
          headers: token ? { Authorization: `Bearer ${token}` } : {},
        },
      });
      clients.push(p);
      const channel = p.subscribe(`private-battle-${id}`);
      const joined = new Promise<'ok' | number>((resolve) => {
        channel.bind('pusher:subscription_succeeded', () => resolve('ok'));
        channel.bind('pusher:subscription_error', (e: { status: number }) => resolve(e.status));
      });
      const events: string[] = [];
      channel.bind_global((event: string) => events.push(event));
      return { joined, events };
    }

    it('a subscription without the code is refused with 404; with it, the events arrive', async () => {
      await t.fastify.listen({ port: 0, host: '127.0.0.1' });
      const port = (t.fastify.server.address() as AddressInfo).port;
      channels = new PusherServer(t.fastify.server, t.publisher, {
        key: t.config.secrets.pusherKey,
        secret: t.config.secrets.pusherSecret,
      });
      const [creator, b] = [await t.player(100_000), await t.player(100_000)];
      const { id, invite_code } = await createPrivate(creator);
      const guess = subscribe(port, id);
      const wrong = subscribe(port, id, 'x'.repeat(22));
      const invited = subscribe(port, id, invite_code!);
      const player = subscribe(port, id, undefined, creator.tokens.access_token);
      expect(await guess.joined).toBe(404);
      expect(await wrong.joined).toBe(404);
      expect(await invited.joined).toBe('ok');
      expect(await player.joined).toBe('ok');
      expect((await t.post(`/api/battles/${id}/join`, b, { code: invite_code })).statusCode).toBe(200);
      await expect.poll(() => invited.events).toContain('playerJoined');
      await expect.poll(() => player.events).toContain('playerJoined');
      expect(guess.events.filter((e) => !e.startsWith('pusher'))).toEqual([]);
    });
  });
});
