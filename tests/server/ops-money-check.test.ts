// Issue 28: the money self-check as a metric. A sound database reads 0; a balance corrupted behind the
// ledger's back turns loot_ledger_drift_violations{invariant="balance"} non-zero — found by the window
// of recently changed players, and by the full pass — with a log line naming the player; repaired, the
// next full pass reads 0 again.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildApp, type App } from '../../src/server/app.ts';
import { logLines, testConfig } from '../helpers/test-app.ts';
import { createTestDatabase, describeEachDb, type TestDatabase } from '../helpers/test-db.ts';
import { createPlayer } from '../helpers/users.ts';
import { runAdmin } from '../../src/server/cli/admin.ts';

describeEachDb('money self-check', (dialect) => {
  let app: App;
  let database: TestDatabase;
  const config = testConfig({ LOG_LEVEL: 'error' });
  const { lines, stream } = logLines();
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    app = await buildApp({ config, database, logStream: stream });
  });
  afterAll(async () => {
    await app.fastify.close();
    await database.drop();
  });
  const drift = async (invariant: string) => {
    const text = (await app.fastify.inject({ method: 'GET', url: '/metrics', headers: { host: 'localhost' } })).body;
    const line = text.split('\n').find((l) => l.startsWith(`loot_ledger_drift_violations{invariant="${invariant}"}`));
    return Number(line?.split(' ').at(-1));
  };
  const bet = async (headers: Record<string, string>) => {
    const res = await app.fastify.inject({
      method: 'POST',
      url: '/api/dice/bet',
      headers,
      payload: { amount: 1, target: 50, direction: 'over' },
    });
    expect(res.statusCode).toBe(200);
  };
  const corrupt = (userId: number, by: number) =>
    sql`update users set balance_cents = balance_cents + ${by} where id = ${userId}`.execute(database.db);

  it('reads 0 when sound, non-zero when a balance drifts from its ledger, 0 again once repaired', async () => {
    const check = app.fastify.ops.moneyCheck;
    const p = await createPlayer(database.db, config.secrets.appSecret, { balanceCents: 5_000 });
    await bet(p.headers);
    expect(await check.run(true)).toEqual({ scope: 'full', violations: [] });
    expect(await drift('balance')).toBe(0);

    // the player bets again (their ledger moved: the next window looks at them), then someone edits
    // the balance by hand
    await bet(p.headers);
    await corrupt(p.id, 700);
    const window = await check.run();
    expect(window.scope).toBe('window');
    expect(window.violations).toEqual([
      expect.stringMatching(new RegExp(`^user ${p.id}: balance \\d+ ≠ ledger \\d+ \\(its last balance_after\\)$`)),
    ]);
    expect(await drift('balance')).toBe(1);
    const logged = lines.map((l) => JSON.parse(l) as { msg: string; violation?: string });
    expect(
      logged.some((l) => l.msg === 'money self-check: violation' && l.violation?.startsWith(`user ${p.id}:`)),
    ).toBe(true);

    // a window that does not see the player keeps the gauge up; the full pass finds it too
    expect((await check.run()).violations).toEqual([]);
    expect(await drift('balance')).toBe(1);
    const full = await check.run(true);
    expect(full.violations.some((v) => v.startsWith(`user ${p.id}: balance`))).toBe(true);
    expect(await drift('balance')).toBeGreaterThan(0);
    expect(await drift('conservation')).toBe(1); // the 7 dollars came from nowhere

    await corrupt(p.id, -700);
    expect((await check.run(true)).violations).toEqual([]);
    expect(await drift('balance')).toBe(0);
    expect(await drift('conservation')).toBe(0);
  });

  it('npm run admin -- ledger-check: "Ledger sound", else every violation and exit 1', async () => {
    const p = await createPlayer(database.db, config.secrets.appSecret, { balanceCents: 1_000 });
    await bet(p.headers);
    expect(await runAdmin(database.db, ['ledger-check'], Date.now())).toEqual([
      expect.stringMatching(/^Ledger sound: users \d+, ledger \d+, /),
    ]);
    await corrupt(p.id, -30);
    const refused = runAdmin(database.db, ['ledger-check'], Date.now());
    await expect(refused).rejects.toMatchObject({
      message: expect.stringMatching(new RegExp(`violation\\(s\\) of the money invariants[^]*user ${p.id}: balance`)),
    });
    await corrupt(p.id, 30);
  });

  it('reads one snapshot: bets committing during a check are no drift', async () => {
    const players = await Promise.all(
      [1, 2, 3].map(() => createPlayer(database.db, config.secrets.appSecret, { balanceCents: 10_000 })),
    );
    const check = app.fastify.ops.moneyCheck;
    const bets = Promise.all(players.flatMap((p) => Array.from({ length: 15 }, () => bet(p.headers))));
    const runs = await Promise.all([check.run(true), check.run(true).catch(() => null), bets.then(() => check.run())]);
    for (const r of runs) if (r) expect(r.violations).toEqual([]);
    expect((await check.run(true)).violations).toEqual([]);
  });
});
