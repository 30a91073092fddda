// Sign-in denial of service through the hash queue (issue 24 item 5): 64 addresses each sending one
// unknown-email login every 2.5 s (25 a second, under every per-IP limit) filled the queue with decoy
// hashes, and the owner's correct login failed 12 times out of 12 with 503. Known accounts' work now
// goes first and unknown-email work is shed first (answered as the wrong credentials it is, after
// a hash's usual time, without the hash); registration and reset are account work too.
// The queue is the accounts service's, in front of the database: one dialect shows it (SQLite; the
// accounts tests cover both dialects' rows), and the flood is ~45 s of a Vitest worker each time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app.ts';
import { accountsApp, freshEmail, freshIp, loginCall, registerCall, signUp } from '../helpers/accounts.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('sign-in under an unknown-email flood', () => {
  let app: TestApp;
  beforeAll(async () => {
    // 2^15: 32 MiB and ~0.1–0.5 s a hash here, one at a time on 2 cores: 25 decoys a second are
    // several times what the queue can hash, as the OWASP cost is in production.
    app = await accountsApp('sqlite', { env: { SCRYPT_LOG_N: '15' } });
  });
  afterAll(() => app.close());

  it("the owner's login, a registration and a reset succeed while 64 addresses flood unknown-email logins", async () => {
    const owner = await signUp(app, 'Owner');
    const resetter = await signUp(app, 'Resetter');
    await app.fastify.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: resetter.email, 'g-recaptcha-response': '' },
      remoteAddress: freshIp(),
    });
    const mail = await app.database.db
      .selectFrom('mail_outbox')
      .select('body_text')
      .where('recipient', '=', resetter.email.toLowerCase())
      .where('subject', '=', 'Reset your Loot Arcade password')
      .executeTakeFirstOrThrow();
    const token = /[?&]token=([\w-]+)/.exec(mail.body_text)![1]!;

    // The flood: 64 addresses, each one unknown-email login every 2.5 s, spread evenly (25/s).
    const attackers = Array.from({ length: 64 }, () => freshIp());
    const flood: Promise<number>[] = [];
    let flooding = true;
    const floodDone = Promise.all(
      attackers.map(async (ip, i) => {
        await sleep((i * 2500) / attackers.length);
        while (flooding) {
          flood.push(loginCall(app, freshEmail(), 'guess-123', ip).then((r) => r.statusCode));
          await sleep(2500);
        }
      }),
    );
    try {
      await sleep(3000); // the queue is full of decoys by now
      const ownerIp = freshIp();
      const owner6: { status: number; ms: number }[] = [];
      for (let i = 0; i < 6; i++) {
        const t0 = performance.now();
        const r = await loginCall(app, owner.email, owner.password, ownerIp);
        owner6.push({ status: r.statusCode, ms: Math.round(performance.now() - t0) });
        await sleep(250);
      }
      const [registered, reset] = await Promise.all([
        registerCall(app, { name: 'Newcomer', email: freshEmail(), password: 'secret-pass' }),
        app.fastify.inject({
          method: 'POST',
          url: '/api/auth/reset-password',
          payload: {
            email: resetter.email,
            token,
            password: 'new-secret-1',
            password_confirmation: 'new-secret-1',
          },
          remoteAddress: freshIp(),
        }),
      ]);
      const seen = JSON.stringify({ owner6, register: registered.statusCode, reset: reset.statusCode });
      console.log(`[login flood] ${seen}`);
      // Before the fix: 503 ("The server is busy") for every one of the owner's logins (12 of 12 then;
      // six in a row show it as surely at half the test's time).
      expect(
        owner6.map((o) => o.status),
        seen,
      ).toEqual(Array(6).fill(200));
      expect([registered.statusCode, reset.statusCode], seen).toEqual([200, 200]);
    } finally {
      flooding = false;
      await floodDone;
    }
    const answers = await Promise.all(flood);
    const tally = answers.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});
    console.log(`[login flood] ${answers.length} flood logins answered ${JSON.stringify(tally)}`);
    // Shed unknown-email logins get the answer a hashed one gets: nothing tells them from the rest.
    expect(Object.keys(tally)).toEqual(['400']);
  }, 120_000);
});
