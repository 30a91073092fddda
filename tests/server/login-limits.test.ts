// Login limits under attack (issue 12, accounts 8 and 11): one normal form of the username for the
// limiter and the lookup; backoff per (account, IP); registration limited per email too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb } from '../helpers/test-db.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { accountsApp, freshEmail, freshIp, loginCall, registerCall, signUp } from '../helpers/accounts.ts';
import { LoginBackoff, MemoryRateLimitStore } from '../../src/server/plugins/rate-limit.ts';

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

  it('a guesser backs off per (account, address); the owner from another address still logs in (11)', async () => {
    const s = await signUp(app);
    const guesser = freshIp();
    expect(await failUntilLimited(s.email, guesser)).toBe(5); // 5 free failures, then backoff
    expect((await loginCall(app, s.email, s.password, guesser)).statusCode).toBe(429);
    // On main 10 failures from anywhere locked the account for everyone for a minute.
    for (let i = 0; i < 10; i++) expect((await loginCall(app, s.email, 'wrong-pass')).statusCode).toBe(400);
    expect((await loginCall(app, s.email, s.password, freshIp())).statusCode).toBe(200);
  });

  it('registration is limited per email too, keeping the taken-email message until then (11)', async () => {
    const email = freshEmail();
    const codes: number[] = [];
    const messages: string[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await registerCall(app, { name: 'Probe', email, password: 'secret1' }, freshIp());
      codes.push(r.statusCode);
      messages.push(r.json().message ?? r.json().msg);
    }
    expect(codes).toEqual([200, 422, 422, 422, 422, 429, 429]);
    expect(messages[1]).toBe('The email has already been taken.');
    expect(messages[5]).toBe('Too many attempts. Please wait a moment and try again.');
  });
});

describe('LoginBackoff', () => {
  it('waits 1 s, 2 s, 4 s… after the free failures, at most 15 minutes; a success forgets', async () => {
    const b = new LoginBackoff(new MemoryRateLimitStore());
    let t = 1_000_000;
    for (let i = 0; i < 5; i++) {
      expect(await b.waitMs('a@b.c', '1.1.1.1', t)).toBe(0);
      await b.failed('a@b.c', '1.1.1.1', t);
    }
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      const w = await b.waitMs('a@b.c', '1.1.1.1', t);
      waits.push(w);
      t += w;
      await b.failed('a@b.c', '1.1.1.1', t);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900].map((s) => s * 1000));
    expect(await b.waitMs('a@b.c', '2.2.2.2', t)).toBe(0); // another address
    expect(await b.waitMs('x@b.c', '1.1.1.1', t)).toBe(0); // another account
    await expect(b.check('a@b.c', '1.1.1.1', t)).rejects.toMatchObject({ statusCode: 429 });
    await b.succeeded('a@b.c', '1.1.1.1');
    expect(await b.waitMs('a@b.c', '1.1.1.1', t)).toBe(0);
  });
});
