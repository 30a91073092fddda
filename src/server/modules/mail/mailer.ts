// Mail adapter: SMTP through nodemailer when SMTP_URL is set, otherwise an outbox table that
// developers read at /dev/mail.
import type { DB } from '../../db/database.ts';

/** One message. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Where the app sends mail. */
export interface Mailer {
  send(mail: Mail, now: number): Promise<void>;
}

/** Writes every message to the mail_outbox table. */
export class OutboxMailer implements Mailer {
  constructor(private readonly db: DB) {}

  async send(mail: Mail, now: number): Promise<void> {
    await this.db
      .insertInto('mail_outbox')
      .values({ recipient: mail.to, subject: mail.subject, body_text: mail.text, created_at: now })
      .execute();
  }
}

/** Sends through an SMTP server (nodemailer, loaded on first use). */
export class SmtpMailer implements Mailer {
  private transport: Promise<{
    sendMail(m: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
  }> | null = null;

  constructor(
    private readonly url: string,
    private readonly from: string,
  ) {}

  async send(mail: Mail): Promise<void> {
    this.transport ??= import('nodemailer').then((m) => m.default.createTransport(this.url));
    await (await this.transport).sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
  }
}

/** The configured mailer. */
export function createMailer(db: DB, smtpUrl: string | null, from: string): Mailer {
  return smtpUrl ? new SmtpMailer(smtpUrl, from) : new OutboxMailer(db);
}
