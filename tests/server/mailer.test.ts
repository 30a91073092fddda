// Mail adapters: the outbox table, and SMTP through nodemailer against a minimal SMTP server on loopback.
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, OutboxMailer, SmtpMailer } from '../../src/server/modules/mail/mailer.ts';
import { createTestDatabase } from '../helpers/test-db.ts';

/** Speaks just enough SMTP for one message and records its DATA. */
function fakeSmtp(received: string[]): Server {
  return createServer((socket) => {
    let data: string | null = null;
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      let i: number;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (data !== null) {
          if (line === '.') {
            received.push(data);
            data = null;
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 fake\r\n');
        else if (/^DATA/i.test(line)) {
          data = '';
          socket.write('354 go ahead\r\n');
        } else if (/^QUIT/i.test(line)) {
          socket.write('221 bye\r\n');
          socket.end();
        } else socket.write('250 ok\r\n');
      }
    });
  });
}

describe('mail adapters', () => {
  const received: string[] = [];
  let smtp: Server;
  let port: number;
  beforeAll(async () => {
    smtp = fakeSmtp(received);
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    port = (smtp.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => smtp.close(() => r())));

  it('sends through SMTP when SMTP_URL is set', async () => {
    const db = await createTestDatabase('sqlite');
    try {
      const mailer = createMailer(
        db.db,
        `smtp://127.0.0.1:${port}?ignoreTLS=true`,
        'Loot Arcade <no-reply@lootarcade.local>',
      );
      expect(mailer).toBeInstanceOf(SmtpMailer);
      await mailer.send(
        { to: 'ann@example.test', subject: 'Reset your Loot Arcade password', text: 'Open this link: http://x/reset' },
        Date.now(),
      );
      expect(received).toHaveLength(1);
      expect(received[0]).toMatch(/Subject: Reset your Loot Arcade password/);
      expect(received[0]).toMatch(/To: ann@example.test/);
      expect(received[0]).toMatch(/Open this link/);
      expect(await db.db.selectFrom('mail_outbox').selectAll().execute()).toHaveLength(0);
    } finally {
      await db.drop();
    }
  });

  it('writes to the outbox table otherwise', async () => {
    const db = await createTestDatabase('sqlite');
    try {
      const mailer = createMailer(db.db, null, 'x <x@y.z>');
      expect(mailer).toBeInstanceOf(OutboxMailer);
      await mailer.send({ to: 'bob@example.test', subject: 'Hi', text: 'Body' }, 1234);
      expect(await db.db.selectFrom('mail_outbox').selectAll().execute()).toEqual([
        { id: 1, recipient: 'bob@example.test', subject: 'Hi', body_text: 'Body', created_at: 1234 },
      ]);
    } finally {
      await db.drop();
    }
  });
});
