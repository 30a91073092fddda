// The support commands of the operator CLI as a process (`npm run admin -- ticket:…`) on a
// configured SQLite database: list, show, reply (an outbox row asks servers to publish
// supportReply), close, and usage errors (exit 2).
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database.ts';
import { migrate } from '../../src/server/db/migrate.ts';

describe('support commands of the operator CLI as a process', () => {
  it('lists, shows, replies to and closes tickets', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'la-support-cli-'));
    const file = join(dir, 'db.sqlite');
    const database = openDatabase({ kind: 'sqlite', file });
    await migrate(database);
    const db = database.db;
    const { id: userId } = await db
      .insertInto('users')
      .values({
        name: 'p',
        email: 'p@test.local',
        password_hash: null,
        avatar_url: null,
        balance_cents: 0,
        level: 1,
        created_at: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id } = await db
      .insertInto('support_tickets')
      .values({
        user_id: userId,
        subject: 'Card declined',
        category: 'deposit',
        status: 'open',
        created_at: 1,
        updated_at: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('support_messages')
      .values({ ticket_id: id, author: 'player', message: 'Help me', created_at: 1 })
      .execute();
    const env = { ...process.env, NODE_ENV: 'test', DATA_DIR: dir, DATABASE_URL: `sqlite:${file}` };
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/admin.ts', ...args], {
        env,
        encoding: 'utf8',
        timeout: 60_000,
      });

    const list = run('ticket:list');
    expect(list.stderr).toBe('');
    expect(list.status).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`^#${id} open +deposit +p@test\\.local .* Card declined\\n$`));
    const reply = run('ticket:reply', String(id), 'Please try again now.');
    expect(reply.status).toBe(0);
    expect(reply.stdout).toBe(`Replied to ticket #${id}; it is answered.\n`);
    const show = run('ticket:show', String(id));
    expect(show.stdout).toContain(`#${id} [answered] deposit: Card declined`);
    expect(show.stdout).toContain('--- support ');
    expect(show.stdout).toContain('Please try again now.');
    const outbox = await db.selectFrom('outbox').select(['user_id', 'event', 'payload', 'published_at']).execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ user_id: userId, event: 'supportReply', published_at: null });
    expect(JSON.parse(outbox[0]!.payload!)).toMatchObject({
      ticket_id: id,
      message: { from: 'support', message: 'Please try again now.' },
    });
    expect(run('ticket:close', String(id)).stdout).toBe(`Ticket #${id} is closed.\n`);
    const late = run('ticket:reply', String(id), 'late');
    expect(late.status).toBe(1);
    expect(late.stderr).toBe('This ticket is closed.\n');
    const usage = run('ticket:show', 'abc');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('ticket:reply <id> <text>');
    await database.close();
  }, 180_000);
});
