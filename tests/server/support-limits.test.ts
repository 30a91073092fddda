// Support is bounded per player (issue 24 item 4): at most N tickets not closed, M images in any
// 24 hours (429 in the error shape), and images stored under a quota per player and for everyone
// (413). Small limits here through the SUPPORT_* variables; refused writes store nothing.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../helpers/test-db.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPlayer, type TestPlayer } from '../helpers/users.ts';
import { loadConfig } from '../../src/server/config.ts';

const KB = 1024;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const image = (bytes: number) => Buffer.concat([PNG, Buffer.alloc(bytes - PNG.length, 5)]);

function multipart(fields: Record<string, string>, files: Buffer[]) {
  const boundary = '----la-limits-9s2K';
  const chunks: Buffer[] = [];
  const part = (head: string, data: Buffer) =>
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; ${head}\r\n\r\n`),
      data,
      Buffer.from('\r\n'),
    );
  for (const [k, v] of Object.entries(fields)) part(`name="${k}"`, Buffer.from(v));
  for (const f of files) part('name="attachments"; filename="image"\r\nContent-Type: image/png', f);
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

describeEachDb('support limits', (dialect) => {
  let t: TestApp;
  let a: TestPlayer;
  let b: TestPlayer;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      env: {
        SUPPORT_MAX_OPEN_TICKETS: '2',
        SUPPORT_ATTACHMENTS_PER_DAY: '3',
        SUPPORT_PLAYER_STORAGE_MB: '2',
        SUPPORT_STORAGE_MB: '3',
      },
    });
    a = await createPlayer(t.database.db, t.config.secrets.appSecret);
    b = await createPlayer(t.database.db, t.config.secrets.appSecret);
    dir = join(t.config.dataDir, 'support');
  });
  afterAll(() => t.close());

  const files = () => (existsSync(dir) ? readdirSync(dir).sort() : []);
  const send = (url: string, who: TestPlayer, fields: Record<string, string>, images: Buffer[]) => {
    const m = multipart(fields, images);
    return t.fastify.inject({
      method: 'POST',
      url,
      headers: { ...who.headers, 'content-type': m.type },
      payload: m.payload,
    });
  };
  const open = (who: TestPlayer, images: Buffer[] = []) =>
    send('/api/support/tickets', who, { subject: 'Help', category: 'other', message: 'Look' }, images);
  const reply = (who: TestPlayer, id: number, images: Buffer[]) =>
    send(`/api/support/tickets/${id}/messages`, who, { message: 'More' }, images);
  /** The answer is a refusal in the error shape and nothing was stored. */
  const refused = async (answer: Promise<{ statusCode: number; json(): unknown }>, status: number, text: RegExp) => {
    const before = files();
    const r = await answer;
    const body = r.json() as { message: string; msg: string };
    expect([r.statusCode, body.msg]).toEqual([status, expect.stringMatching(text)]);
    expect(body.message).toBe(body.msg);
    expect(files()).toEqual(before);
  };

  it('has sensible defaults: 5 open tickets, 20 images a day, 50 MB a player, 2 GB in all', () => {
    expect(loadConfig({ DATA_DIR: t.config.dataDir }).support).toEqual({
      maxOpenTickets: 5,
      attachmentsPerDay: 20,
      playerStorageBytes: 50 * 1024 * KB,
      storageBytes: 2048 * 1024 * KB,
    });
    expect(() => loadConfig({ DATA_DIR: t.config.dataDir, SUPPORT_MAX_OPEN_TICKETS: '0' })).toThrow(
      /SUPPORT_MAX_OPEN_TICKETS/,
    );
  });

  it('images: M a day (429), a quota per player and for everyone (413); a day later the count starts again', async () => {
    const first = await open(a, [image(900 * KB), image(900 * KB)]);
    expect(first.statusCode).toBe(201);
    const id = (first.json() as { data: { id: number } }).data.id;
    await refused(reply(a, id, [image(900 * KB)]), 413, /have used their 2 MB of storage/); // 2.7 MB > 2 MB
    await refused(reply(a, id, [image(10 * KB), image(10 * KB)]), 429, /at most 3 images a day/); // 4 > 3
    expect((await reply(a, id, [image(10 * KB)])).statusCode).toBe(200); // the third today
    await refused(reply(a, id, [image(10 * KB)]), 429, /at most 3 images a day/);
    expect((await reply(a, id, [])).statusCode).toBe(200); // text still goes through
    // b is within its own quota, but everyone's images would pass 3 MB.
    await refused(open(b, [image(1500 * KB)]), 413, /cannot be stored right now/);
    expect((await open(b, [image(900 * KB)])).statusCode).toBe(201);
    // A day later a's count starts again (its stored bytes still count).
    await t.database.db
      .updateTable('support_messages')
      .set((eb) => ({ created_at: eb('created_at', '-', 25 * 3600_000) }))
      .where('ticket_id', '=', id)
      .execute();
    expect((await reply(a, id, [image(10 * KB)])).statusCode).toBe(200);
  });

  it('concurrent uploads cannot pass the daily count together', async () => {
    const p = await createPlayer(t.database.db, t.config.secrets.appSecret);
    const r = await open(p, [image(KB), image(KB)]);
    const id = (r.json() as { data: { id: number } }).data.id;
    const answers = await Promise.all(Array.from({ length: 5 }, () => reply(p, id, [image(KB)])));
    expect(answers.map((x) => x.statusCode).sort()).toEqual([200, 429, 429, 429, 429]);
    const stored = files().filter((f) => f.startsWith(`${p.id}-`));
    expect(stored).toHaveLength(3);
  });

  it('N tickets not closed: the next one is a 429 before its body is read; closing one frees a place', async () => {
    const p = await createPlayer(t.database.db, t.config.secrets.appSecret);
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) ids.push(((await open(p)).json() as { data: { id: number } }).data.id);
    await refused(open(p), 429, /already have 2 open tickets/);
    const json = await t.fastify.inject({
      method: 'POST',
      url: '/api/support/tickets',
      headers: p.headers,
      payload: { subject: 'x', category: 'other', message: 'x' },
    });
    expect(json.statusCode).toBe(429);
    // A 100 MB body is not read: the limit answers first (and the connection is closed after it).
    const big = await t.fastify.inject({
      method: 'POST',
      url: '/api/support/tickets',
      headers: {
        ...p.headers,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(100 * 1024 * KB),
      },
      payload: 'x',
    });
    expect(big.statusCode).toBe(429);
    const tickets = await t.database.db
      .selectFrom('support_tickets')
      .select('id')
      .where('user_id', '=', p.id)
      .execute();
    expect(tickets).toHaveLength(2);
    await t.fastify.inject({ method: 'POST', url: `/api/support/tickets/${ids[0]}/close`, headers: p.headers });
    expect((await open(p)).statusCode).toBe(201);
  });
});
