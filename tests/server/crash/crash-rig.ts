// A Rocket app under test: fake clock, a small generated chain, the loop started on demand, every
// broadcast recorded, and shortcuts for the API and the round's state.
import type { Dialect } from '../../../src/server/db/database.ts';
import { generateChain } from '../../../src/server/modules/crash/crash-chain.ts';
import type { CrashRoundRow } from '../../../src/server/modules/crash/crash.repository.ts';
import { latestRound } from '../../../src/server/rounds/round.repository.ts';
import type { RoundStatus } from '../../../src/shared/api/rounds.ts';
import { FakeClock } from '../../helpers/fake-clock.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { createPlayer, type TestPlayer } from '../../helpers/users.ts';

/** A broadcast as recorded: its event name, payload and the fake time it was sent. */
export interface Sent {
  event: string;
  payload: Record<string, unknown>;
  at: number;
}

export const CHAIN_GAMES = 2000;

/** Builds the rig; `env` adds configuration (e.g. CRASH_MAX_ROUND_PAYOUT). */
export async function crashRig(dialect: Dialect, env: Record<string, string> = {}) {
  const clock = new FakeClock();
  const t: TestApp = await createTestApp(dialect, {
    env: { CRASH_CHAIN_GAMES: String(CHAIN_GAMES), ...env },
    deps: { clock },
  });
  await generateChain(t.database, CHAIN_GAMES, clock.now());
  const loop = t.fastify.rounds.get('/crash')!;
  const sent: Sent[] = [];
  loop.addChannel({ emit: (event, payload) => sent.push({ event, payload: payload as never, at: clock.now() }) });
  const db = t.database.db;
  const latest = () => latestRound<CrashRoundRow>(db, 'crash_rounds');
  const rig = {
    t,
    db,
    clock,
    loop,
    sent,
    latest,
    player: (balanceCents = 100_000) => createPlayer(db, t.config.secrets.appSecret, { balanceCents }),
    bet: (p: TestPlayer, payload: object) =>
      t.fastify.inject({ method: 'POST', url: '/api/crash/bet', headers: p.headers, payload }),
    close: (p: TestPlayer) => t.fastify.inject({ method: 'POST', url: '/api/crash/close-bet', headers: p.headers }),
    get: (url: string, p?: TestPlayer) => t.fastify.inject({ method: 'GET', url, headers: p?.headers ?? {} }),
    balance: async (p: TestPlayer) =>
      Number(
        (await db.selectFrom('users').select('balance_cents').where('id', '=', p.id).executeTakeFirstOrThrow())
          .balance_cents,
      ),
    /** Advances fake time until the newest round is in `status` (optionally round `id`). */
    until: (status: RoundStatus, id?: number, stepMs = 10) =>
      clock.advanceUntil(async () => {
        const r = await latest();
        return r?.status === status && (id === undefined || Number(r.id) === id);
      }, stepMs),
    /** Fixes the crash point of a round that has not started playing (a test chooses its scenario). */
    setCrashPoint: (id: number, cents: number) =>
      db.updateTable('crash_rounds').set({ crash_point_cents: cents }).where('id', '=', id).execute(),
    /** The ledger rows of a bet: its debit, and its credit once paid. */
    ledger: (betId: number) =>
      db
        .selectFrom('ledger')
        .select(['kind', 'delta_cents'])
        .where('reference', '=', `crash_bet:${betId}`)
        .orderBy('id')
        .execute(),
    dispose: () => t.close(),
  };
  return rig;
}

export type CrashRig = Awaited<ReturnType<typeof crashRig>>;
