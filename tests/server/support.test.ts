// Support tickets on each database: open (JSON or multipart with images typed by their bytes and
// size-checked), list, read (marks replies read), reply, close; only the owner sees a ticket (404
// for anyone else); operators answer through the admin CLI, which publishes supportReply via the outbox.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../helpers/test-db.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPlayer, type TestPlayer } from '../helpers/users.ts';
import { runAdmin, UsageError } from '../../src/server/cli/admin.ts';
import { drainOutbox } from '../../src/server/modules/wallet/outbox.ts';
import { LocalPublisher, type ChannelEvent } from '../../src/server/realtime/publisher.ts';
import { ticketClosedMessage, type Ticket } from '../../src/shared/api/support.ts';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(40, 7)]);
const JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(40, 3)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(40)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

function multipart(parts: { name: string; filename?: string; type?: string; data: Buffer | string }[]) {
  const boundary = '----la-support-boundary-5ZkQ';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const file = p.filename === undefined ? '' : `; filename="${p.filename}"`;
    const type = p.type ? `\r\nContent-Type: ${p.type}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${file}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const fields = [
  { name: 'subject', data: 'Deposit missing' },
  { name: 'category', data: 'deposit' },
  { name: 'message', data: 'I paid $20 by card, the balance did not change. Ümlauts stay.' },
];

describeEachDb('support tickets', (dialect) => {
  let t: TestApp;
  let me: TestPlayer;
  let other: TestPlayer;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    me = await createPlayer(t.database.db, t.config.secrets.appSecret);
    other = await createPlayer(t.database.db, t.config.secrets.appSecret);
    dir = join(t.config.dataDir, 'support');
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, who: TestPlayer | null, payload?: object) =>
    t.fastify.inject({ method, url, headers: who?.headers ?? {}, payload });
  const upload = (url: string, who: TestPlayer, parts: Parameters<typeof multipart>[0]) => {
    const m = multipart(parts);
    return t.fastify.inject({ method: 'POST', url, headers: { ...who.headers, ...m.headers }, payload: m.payload });
  };
  const open = async (who = me, subject = 'Help') => {
    const r = await call('POST', '/api/support/tickets', who, { subject, category: 'account', message: 'Hello' });
    expect(r.statusCode).toBe(201);
    return (r.json() as { data: Ticket }).data;
  };
  const files = () => (existsSync(dir) ? readdirSync(dir) : []);

  it('needs a signed-in player', async () => {
    for (const [method, url] of [
      ['GET', '/api/support/tickets'],
      ['POST', '/api/support/tickets'],
      ['GET', '/api/support/tickets/1'],
      ['POST', '/api/support/tickets/1/messages'],
      ['POST', '/api/support/tickets/1/close'],
      ['GET', '/api/support/tickets/1/attachments/1-0123456789abcdef01234567.png'],
    ] as const)
      expect((await call(method, url, null, method === 'POST' ? {} : undefined)).statusCode, url).toBe(401);
  });

  it('opens a ticket from JSON and lists it; bad input is a 422 that stores nothing', async () => {
    const r = await call('POST', '/api/support/tickets', me, {
      subject: '  Where is my parcel?  ',
      category: 'delivery',
      message: 'Ordered last week.',
    });
    expect(r.statusCode).toBe(201);
    const body = r.json() as { msg: string; data: Ticket };
    expect(body.msg).toMatch(/ticket has been sent/);
    expect(body.data).toMatchObject({
      subject: 'Where is my parcel?',
      category: 'delivery',
      status: 'open',
      messages: [{ from: 'player', message: 'Ordered last week.', attachments: [] }],
    });
    expect(Date.parse(body.data.messages[0]!.created_at)).toBeGreaterThan(0);
    const before = await t.database.db.selectFrom('support_tickets').select('id').execute();
    for (const [bad, field] of [
      [{ category: 'deposit', message: 'x' }, 'subject'],
      [{ subject: ' ', category: 'deposit', message: 'x' }, 'subject'],
      [{ subject: 'x'.repeat(121), category: 'deposit', message: 'x' }, 'subject'],
      [{ subject: 'x', category: 'casino', message: 'x' }, 'category'],
      [{ subject: 'x', category: 'deposit', message: '   ' }, 'message'],
      [{ subject: 'x', category: 'deposit', message: 'x'.repeat(5001) }, 'message'],
      [{ subject: 7, category: 'deposit', message: 'x' }, 'subject'],
    ] as const) {
      const res = await call('POST', '/api/support/tickets', me, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(res.json().errors[field]).toBeDefined();
    }
    expect(await t.database.db.selectFrom('support_tickets').select('id').execute()).toHaveLength(before.length);
    const list = await call('GET', '/api/support/tickets', me);
    expect(list.json()).toMatchObject({ unread: 0, data: [{ id: body.data.id, status: 'open', unread: 0 }] });
    expect((await call('GET', '/api/support/tickets', other)).json()).toEqual({ data: [], unread: 0 });
  });

  it("another player's ticket and its attachments are 404 for every call", async () => {
    const ticket = await open(me, 'Private');
    for (const [method, url] of [
      ['GET', `/api/support/tickets/${ticket.id}`],
      ['POST', `/api/support/tickets/${ticket.id}/messages`],
      ['POST', `/api/support/tickets/${ticket.id}/close`],
      ['GET', `/api/support/tickets/999999/`],
      ['POST', `/api/support/tickets/999999/close`],
    ] as const) {
      const r = await call(method, url, other, method === 'POST' ? { message: 'hi' } : undefined);
      expect(r.statusCode, url).toBe(404);
    }
    expect((await call('GET', '/api/support/tickets/abc', me)).statusCode).toBe(422);
    const still = await call('GET', `/api/support/tickets/${ticket.id}`, me);
    expect(still.json().data).toMatchObject({ status: 'open', messages: [{ message: 'Hello' }] });
  });

  it('takes image attachments typed by their bytes; wrong types, too large and too many are refused', async () => {
    const r = await upload('/api/support/tickets', me, [
      ...fields,
      { name: 'attachments', filename: '../../etc/passwd.gif', type: 'image/gif', data: PNG },
      { name: 'attachments', filename: 'photo.png', type: 'image/png', data: JPEG },
    ]);
    expect(r.statusCode).toBe(201);
    const ticket = (r.json() as { data: Ticket }).data;
    expect(ticket.messages[0]!.message).toBe(fields[2]!.data);
    const attachments = ticket.messages[0]!.attachments;
    expect(attachments.map((a) => a.type)).toEqual(['image/png', 'image/jpeg']);
    for (const a of attachments)
      expect(a.url).toMatch(
        new RegExp(`^/api/support/tickets/${ticket.id}/attachments/${me.id}-[0-9a-f]{24}\\.(png|jpg)$`),
      );
    const png = await call('GET', attachments[0]!.url, me);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['x-content-type-options']).toBe('nosniff');
    expect(png.rawPayload.equals(PNG)).toBe(true);
    expect((await call('GET', attachments[0]!.url, other)).statusCode).toBe(404);
    const elsewhere = await open(me, 'Another');
    expect((await call('GET', attachments[0]!.url.replace(`/${ticket.id}/`, `/${elsewhere.id}/`), me)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/support/tickets/${ticket.id}/attachments/..%2F..%2Fx.png`, me)).statusCode).toBe(
      404,
    );

    const stored = files();
    const tickets = (await t.database.db.selectFrom('support_tickets').select('id').execute()).length;
    for (const data of [GIF, SVG, Buffer.from('just text')]) {
      const bad = await upload('/api/support/tickets', me, [
        ...fields,
        { name: 'attachments', filename: 'x.png', type: 'image/png', data },
      ]);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.attachments).toEqual(['Attachments must be PNG, JPEG or WebP images.']);
    }
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooLarge = await upload('/api/support/tickets', me, [...fields, { name: 'attachments', data: big }]);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().msg).toBe('Each attachment may be at most 2 MB.');
    const huge = Buffer.alloc(7 * 1024 * 1024, 1);
    expect(
      (await upload('/api/support/tickets', me, [...fields, { name: 'attachments', data: huge }])).statusCode,
    ).toBe(413);
    const four = await upload('/api/support/tickets', me, [
      ...fields,
      ...Array.from({ length: 4 }, () => ({ name: 'attachments', data: PNG })),
    ]);
    expect(four.statusCode).toBe(422);
    expect(four.json().errors.attachments).toEqual(['Attach at most 3 images.']);
    const noFields = await upload('/api/support/tickets', me, [{ name: 'attachments', data: PNG }]);
    expect(noFields.statusCode).toBe(422);
    expect(files()).toEqual(stored);
    expect((await t.database.db.selectFrom('support_tickets').select('id').execute()).length).toBe(tickets);

    const reply = await upload(`/api/support/tickets/${ticket.id}/messages`, me, [
      { name: 'message', data: 'One more photo' },
      { name: 'attachments', data: JPEG },
    ]);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data.messages[1]).toMatchObject({
      from: 'player',
      message: 'One more photo',
      attachments: [{ type: 'image/jpeg' }],
    });
    expect(files().length).toBe(stored.length + 1);
  });

  it('operators answer with the CLI: answered, unread until read, supportReply published; the player replies and closes', async () => {
    const ticket = await open(me, 'Fairness question');
    const now = Date.now();
    const list = await runAdmin(t.database.db, ['ticket:list', '--status', 'open'], now);
    expect(
      list.some((l) => l.startsWith(`#${ticket.id} open`) && l.includes(me.email) && l.endsWith('Fairness question')),
    ).toBe(true);
    await expect(runAdmin(t.database.db, ['ticket:list', '--status', 'weird'], now)).rejects.toBeInstanceOf(UsageError);
    await expect(runAdmin(t.database.db, ['ticket:reply', String(ticket.id)], now)).rejects.toBeInstanceOf(UsageError);
    await expect(runAdmin(t.database.db, ['ticket:show', 'x'], now)).rejects.toBeInstanceOf(UsageError);
    await expect(runAdmin(t.database.db, ['ticket:show', '999999'], now)).rejects.toThrow('No such ticket.');

    expect(
      await runAdmin(t.database.db, ['ticket:reply', String(ticket.id), 'Every', 'roll', 'is verifiable.'], now),
    ).toEqual([`Replied to ticket #${ticket.id}; it is answered.`]);
    const events: ChannelEvent[] = [];
    const publisher = new LocalPublisher();
    publisher.subscribe((e) => events.push(e));
    expect(await drainOutbox(t.database.db, publisher, now + 1)).toBeGreaterThanOrEqual(1);
    expect(events).toContainEqual({
      channel: `private-users.${me.id}`,
      event: 'supportReply',
      data: {
        type: 'supportReply',
        ticket_id: ticket.id,
        subject: 'Fairness question',
        status: 'answered',
        message: {
          from: 'support',
          message: 'Every roll is verifiable.',
          created_at: new Date(now).toISOString(),
          attachments: [],
        },
      },
    });
    const show = await runAdmin(t.database.db, ['ticket:show', String(ticket.id)], now);
    expect(show[0]).toBe(`#${ticket.id} [answered] account: Fairness question (user ${me.id})`);
    expect(show).toContain('Every roll is verifiable.');

    const listed = (await call('GET', '/api/support/tickets', me)).json();
    expect(listed.unread).toBe(1);
    expect(listed.data[0]).toMatchObject({ id: ticket.id, status: 'answered', unread: 1 });
    const read = await call('GET', `/api/support/tickets/${ticket.id}`, me);
    expect(read.json().data.messages.map((m: { from: string }) => m.from)).toEqual(['player', 'support']);
    expect((await call('GET', '/api/support/tickets', me)).json().unread).toBe(0);

    const answer = await call('POST', `/api/support/tickets/${ticket.id}/messages`, me, { message: 'Thanks!' });
    expect(answer.json()).toMatchObject({ msg: 'Your message has been sent.', data: { status: 'open' } });
    expect((await call('POST', `/api/support/tickets/${ticket.id}/messages`, me, { message: ' ' })).statusCode).toBe(
      422,
    );

    const closed = await call('POST', `/api/support/tickets/${ticket.id}/close`, me);
    expect(closed.json()).toMatchObject({ msg: 'The ticket has been closed.', data: { status: 'closed' } });
    expect((await call('POST', `/api/support/tickets/${ticket.id}/close`, me)).json().data.status).toBe('closed');
    const late = await call('POST', `/api/support/tickets/${ticket.id}/messages`, me, { message: 'again' });
    expect(late.statusCode).toBe(422);
    expect(late.json().msg).toBe(ticketClosedMessage);
    await expect(runAdmin(t.database.db, ['ticket:reply', String(ticket.id), 'late'], now)).rejects.toThrow(
      ticketClosedMessage,
    );

    const second = await open(me, 'To close');
    expect(await runAdmin(t.database.db, ['ticket:close', String(second.id)], now)).toEqual([
      `Ticket #${second.id} is closed.`,
    ]);
    expect((await call('GET', `/api/support/tickets/${second.id}`, me)).json().data.status).toBe('closed');
  });
});
