// The chat's HTTP contract on both databases (app clock faked, so the pace rules are exact):
// history, posting, every refusal (401, 422, 429, 403 muted / self-excluded), profanity masking,
// markup kept as text, and the operator CLI's mute, unmute, delete and list.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../helpers/test-db.ts';
import { accountsApp, signUp } from '../helpers/accounts.ts';
import { FakeClock } from '../helpers/fake-clock.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { runAdmin, UsageError } from '../../src/server/cli/admin.ts';
import { chatTooFastMessage, type ChatMessage } from '../../src/shared/api/chat.ts';

describeEachDb('chat', (dialect) => {
  let app: TestApp;
  const clock = new FakeClock();
  beforeAll(async () => {
    app = await accountsApp(dialect, { deps: { clock } });
  });
  afterAll(() => app.close());

  const post = (headers: Record<string, string> | undefined, payload: unknown) =>
    app.fastify.inject({ method: 'POST', url: '/api/chat', headers, payload: payload as object });
  const history = async () =>
    (await app.fastify.inject({ method: 'GET', url: '/api/chat' })).json().data as ChatMessage[];
  const idOf = async (headers: Record<string, string>) =>
    (await app.fastify.inject({ method: 'GET', url: '/api/profile', headers })).json().data.id as number;
  const admin = (...argv: string[]) => runAdmin(app.database.db, argv, clock.now());
  /** A settled dice bet of the player (credited $1 first); returns its id. */
  const diceBet = async (headers: Record<string, string>) => {
    await admin('credit', String(await idOf(headers)), '1', '--reason', 'chat test');
    const r = await app.fastify.inject({
      method: 'POST',
      url: '/api/dice/bet',
      headers,
      payload: { amount: 1, target: 50, direction: 'under' },
    });
    expect(r.statusCode).toBe(200);
    return r.json().data.id as number;
  };

  it('a signed-in player posts; the message is in the history with its author, oldest first', async () => {
    const s = await signUp(app, 'Poster');
    const id = await idOf(s.headers);
    const betId = await diceBet(s.headers);
    const r = await post(s.headers, { message: '  hello room  ', bet: { game: 'dice', id: betId } });
    expect(r.statusCode).toBe(201);
    const body = r.json();
    expect(body.msg).toBe('Message sent.');
    expect(body.data).toMatchObject({
      message: 'hello room',
      user: { id, name: 'Poster', avatar_url: null, level: expect.any(Number) },
      bet: { game: 'dice', id: betId },
      created_at: new Date(clock.now()).toISOString(),
    });
    await clock.advance(2500);
    const second = await post(s.headers, { message: 'second' });
    expect(second.statusCode).toBe(201);
    expect(second.json().data.bet).toBeUndefined();
    const list = await history();
    expect(list.slice(-2).map((m) => m.message)).toEqual(['hello room', 'second']);
    expect(list.at(-2)!.id).toBe(body.data.id);
  });

  it("a shared bet carries its replay's summary when posted and in the history; a gone bet keeps game and id", async () => {
    const s = await signUp(app, 'Sharer');
    const id = await idOf(s.headers);
    const betId = await diceBet(s.headers);
    const replay = (await app.fastify.inject({ method: 'GET', url: `/api/bets/dice/${betId}` })).json().data;
    const summary = {
      game: 'dice',
      id: betId,
      title: replay.title,
      stake: 1,
      payout: replay.payout,
      multiplier: replay.multiplier,
      result: replay.result,
      player: { id, name: 'Sharer', avatar_url: null, level: expect.any(Number) },
    };
    expect(replay.title).toMatch(/^Dice under 50.00: rolled /);
    const r = await post(s.headers, { message: 'look', bet: { game: 'dice', id: betId } });
    expect(r.statusCode).toBe(201);
    expect(r.json().data.bet).toEqual(summary);
    const listed = () => history().then((l) => l.find((m) => m.id === r.json().data.id)!);
    expect((await listed()).bet).toEqual(summary);
    // the player hides their public stats: the card masks them like the replay does
    await app.database.db.updateTable('users').set({ hide_public_stats: 1 }).where('id', '=', id).execute();
    expect((await listed()).bet).toEqual({ ...summary, player: null });
    // the bet can no longer be read: the message still names its game and id
    await app.database.db.deleteFrom('dice_bets').where('id', '=', betId).execute();
    expect((await listed()).bet).toEqual({ game: 'dice', id: betId });
    await app.database.db.updateTable('users').set({ hide_public_stats: 0 }).where('id', '=', id).execute();
  });

  it('history holds the last 50 messages only', async () => {
    for (let i = 0; i < 6; i++) {
      const s = await signUp(app, `Bulk${i}`);
      for (let j = 0; j < 10; j++) {
        expect((await post(s.headers, { message: `bulk ${i}-${j}` })).statusCode).toBe(201);
        await clock.advance(2001);
      }
      await clock.advance(60_000);
    }
    const list = await history();
    expect(list).toHaveLength(50);
    expect(list.at(-1)!.message).toBe('bulk 5-9');
    expect(list[0]!.message).toBe('bulk 1-0');
    expect(list.map((m) => m.id)).toEqual([...list.map((m) => m.id)].sort((a, b) => a - b));
  });

  it("sharing a bet that is not the player's own settled bet is 422", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const betId = await diceBet(owner.headers);
    for (const bet of [
      { game: 'dice', id: betId }, // another player's
      { game: 'plinko', id: betId }, // no such Bounce drop
      { game: 'dice', id: 987_654_321 }, // no such bet
    ]) {
      const r = await post(other.headers, { message: 'look', bet });
      expect(r.statusCode, JSON.stringify(bet)).toBe(422);
      expect(r.json()).toMatchObject({
        message: 'You can share only your own settled bets.',
        errors: { bet: ['You can share only your own settled bets.'] },
      });
    }
    expect((await post(owner.headers, { message: 'mine', bet: { game: 'dice', id: betId } })).statusCode).toBe(201);
  });

  it('guests get 401', async () => {
    const r = await post(undefined, { message: 'hi' });
    expect(r.statusCode).toBe(401);
    expect(r.json().message).toBe('Unauthenticated.');
  });

  it('an empty, blank or longer than 200 characters message is 422 in the error shape', async () => {
    const s = await signUp(app);
    for (const message of ['', '   \n\t ', 'x'.repeat(201), undefined, 42]) {
      const r = await post(s.headers, { message });
      expect(r.statusCode, JSON.stringify(message)).toBe(422);
      expect(r.json()).toMatchObject({ message: expect.any(String), errors: { message: [expect.any(String)] } });
    }
    expect((await post(s.headers, { message: 'ok', bet: { game: 'poker', id: 1 } })).statusCode).toBe(422);
    // 200 characters after trimming (astral characters count once) are accepted
    const r = await post(s.headers, { message: `  ${'😀'.repeat(200)}  ` });
    expect(r.statusCode).toBe(201);
  });

  it('a second message within 2 s is 429, and at most 10 a minute', async () => {
    const s = await signUp(app);
    expect((await post(s.headers, { message: 'one' })).statusCode).toBe(201);
    await clock.advance(1999);
    const fast = await post(s.headers, { message: 'two' });
    expect(fast.statusCode).toBe(429);
    expect(fast.json().message).toBe(chatTooFastMessage);
    await clock.advance(1);
    expect((await post(s.headers, { message: 'two' })).statusCode).toBe(201);
    for (let i = 3; i <= 10; i++) {
      await clock.advance(2000);
      expect((await post(s.headers, { message: `n${i}` })).statusCode).toBe(201);
    }
    await clock.advance(2000);
    const capped = await post(s.headers, { message: 'eleven' });
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toBe(chatTooFastMessage);
    await clock.advance(60_000);
    expect((await post(s.headers, { message: 'after a minute' })).statusCode).toBe(201);
  });

  it('markup is stored and returned as the text it is', async () => {
    const s = await signUp(app);
    await clock.advance(60_000);
    const text = '<img src=x onerror=alert(1)> <b>bold</b> [url]http://evil.test[/url] &amp; **md**';
    const r = await post(s.headers, { message: text });
    expect(r.statusCode).toBe(201);
    expect(r.json().data.message).toBe(text);
    expect((await history()).at(-1)!.message).toBe(text);
  });

  it('profanity is masked word by word with asterisks', async () => {
    const s = await signUp(app);
    const r = await post(s.headers, { message: 'what the fuck is this shit, friend' });
    expect(r.statusCode).toBe(201);
    expect(r.json().data.message).toBe('what the **** is this ****, friend');
  });

  it('a muted player gets 403 until the CLI unmutes them or the mute ends', async () => {
    const s = await signUp(app);
    const id = await idOf(s.headers);
    const [line] = await admin('chat:mute', s.email.toLowerCase(), '5');
    expect(line!.startsWith(`Muted ${s.email.toLowerCase()} (#${id}) in the chat until `)).toBe(true);
    const muted = await post(s.headers, { message: 'let me talk' });
    expect(muted.statusCode).toBe(403);
    expect(muted.json().message).toMatch(/^You are muted in the chat until \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/);
    expect(await admin('chat:unmute', String(id))).toEqual([`Unmuted ${s.email.toLowerCase()} (#${id})`]);
    expect((await post(s.headers, { message: 'free again' })).statusCode).toBe(201);
    await admin('chat:mute', String(id), '1');
    await clock.advance(2000);
    expect((await post(s.headers, { message: 'still muted' })).statusCode).toBe(403);
    await clock.advance(60_000);
    expect((await post(s.headers, { message: 'mute over' })).statusCode).toBe(201);
    await expect(admin('chat:mute', String(id), '0')).rejects.toBeInstanceOf(UsageError);
    await expect(admin('chat:mute', 'nobody@nowhere.test', '5')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('a self-excluded player gets 403', async () => {
    const s = await signUp(app);
    const id = await idOf(s.headers);
    await app.database.db
      .updateTable('users')
      .set({ self_excluded_until: clock.now() + 86_400_000 })
      .where('id', '=', id)
      .execute();
    const r = await post(s.headers, { message: 'hello' });
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toMatch(/^You are self-excluded until .* UTC: the chat is closed until then\.$/);
  });

  it('chat:delete hides a message from the history, queues chatMessageDeleted and lists it as deleted', async () => {
    const s = await signUp(app);
    await clock.advance(60_000);
    const id = (await post(s.headers, { message: 'delete me' })).json().data.id as number;
    expect(await admin('chat:delete', String(id))).toEqual([
      `Deleted chat message #${id} by ${s.email.toLowerCase()} (#${await idOf(s.headers)})`,
    ]);
    expect((await history()).some((m) => m.id === id)).toBe(false);
    const queued = await app.database.db
      .selectFrom('outbox')
      .select(['channel', 'event', 'payload'])
      .where('event', '=', 'chatMessageDeleted')
      .execute();
    expect(queued.map((q) => ({ ...q, payload: JSON.parse(q.payload!) }))).toContainEqual({
      channel: 'chat',
      event: 'chatMessageDeleted',
      payload: { id },
    });
    await expect(admin('chat:delete', String(id))).rejects.toMatchObject({ statusCode: 409 });
    await expect(admin('chat:delete', '999999999')).rejects.toMatchObject({ statusCode: 404 });
    const list = await admin('chat:list');
    expect(list[0]).toMatch(new RegExp(`^#${id} .* \\[deleted\\]: "delete me"$`));
    expect(list.length).toBeLessThanOrEqual(50);
    expect((await admin('chat:list', '--page', '2')).length).toBeGreaterThan(0);
    expect(await admin('chat:list', '--page', '999')).toEqual(['No chat messages on page 999.']);
  });
});
