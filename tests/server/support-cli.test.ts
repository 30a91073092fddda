// The support commands of the operator CLI (`npm run admin -- ticket:…`) through its `main` on a
// configured SQLite database, in-process (the CLI's process contract — exit codes, streams — is
// spawned in wallet-admin.test.ts): list, show, reply (an outbox row asks servers to publish
// supportReply), close, and usage errors (exit 2).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { loadConfig } from '../../src/server/config.ts';
import { main } from '../../src/server/cli/admin.ts';

describe('support commands of the operator CLI', () => {
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
    const config = loadConfig(env);
    const run = async (...args: string[]) => {
      let stdout = '';
      let stderr = '';
      const status = await main(args, config, { out: (t) => void (stdout += t), err: (t) => void (stderr += t) });
      return { status, stdout, stderr };
    };

    const list = await run('ticket:list');
    expect(list.stderr).toBe('');
    expect(list.status).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`^#${id} open +deposit +p@test\\.local .* Card declined\\n$`));
    const reply = await run('ticket:reply', String(id), 'Please try again now.');
    expect(reply.status).toBe(0);
    expect(reply.stdout).toBe(`Replied to ticket #${id}; it is answered.\n`);
    const show = await run('ticket:show', String(id));
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
    expect((await run('ticket:close', String(id))).stdout).toBe(`Ticket #${id} is closed.\n`);
    const late = await run('ticket:reply', String(id), 'late');
    expect(late.status).toBe(1);
    expect(late.stderr).toBe('This ticket is closed.\n');
    const usage = await run('ticket:show', 'abc');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('ticket:reply <id> <text>');
    await database.close();
  });
});
