// Login limits under attack (issue 12, accounts 8 and 11): one normal form of the username for the
// limiter and the lookup; backoff per (account, IP); registration limited per email too.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../helpers/test-db.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { accountsApp, freshIp, loginCall, signUp } from '../helpers/accounts.ts';

describeEachDb('login limits', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await accountsApp(dialect);
  });
  afterAll(() => app.close());

  /** Wrong passwords from `ip` until the limiter answers 429; returns how many were refused with 400. */
  async function failUntilLimited(email: string, ip: string): Promise<number> {
    for (let i = 0; i < 40; i++) {
      const r = await loginCall(app, email, 'wrong-pass', ip);
      if (r.statusCode === 429) return i;
      expect(r.statusCode).toBe(400);
    }
    throw new Error('never limited');
  }

  it('whitespace or case around the email does not escape the per-account limit (8)', async () => {
    const s = await signUp(app);
    const ip = freshIp();
    await failUntilLimited(s.email, ip);
    for (const variant of [`   ${s.email}\t`, s.email.toUpperCase(), ` ${s.email.toLowerCase()} `]) {
      const r = await loginCall(app, variant, s.password, ip);
      expect(r.statusCode, variant).toBe(429);
      expect(r.json().message).toBe('Too many attempts. Please wait a moment and try again.');
    }
  });
});
