// The money self-check (issue 28): the invariants the chaos suite checks, run by the server on its own
// database, exported as the loot_ledger_drift_violations gauges (0 when sound) with one log line per
// violation naming the ids. Leader only (one process of a cluster), every LEDGER_CHECK_SECONDS, with a
// bounded cost: a window of the players whose ledger moved since the last run (at most
// LEDGER_CHECK_WINDOW_PLAYERS of them: balance = sum of their ledger rows, the balance_after chain),
// rounds and battles that never ended, bets left open in ended rounds; and every
// LEDGER_FULL_CHECK_MINUTES the whole check (ops/invariants.ts, which `npm run admin -- ledger-check`
// also runs on demand).
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database, DB } from '../db/database.ts';
import { leadershipFor, RedisLeadership, type Leadership } from '../rounds/leadership.ts';
import { redisNamespace } from '../realtime/redis-namespace.ts';
import { checkInvariants, type Invariant } from './invariants.ts';
import { inSnapshot } from './snapshot.ts';
import type { Metrics } from './metrics.ts';

/** A round or battle not over this long after it began is stuck (its loop or runner stopped). */
export const STUCK_AFTER_MS = 15 * 60_000;

/** What one window check found. */
export interface WindowReport {
  players: number;
  violations: string[];
  byInvariant: Partial<Record<Invariant, number>>;
  cursor: number; // the last ledger id looked at
}

/** Balances and chains of the players whose ledger moved after `cursor` (at most `maxPlayers`), plus
 * the cheap whole-table checks (stuck rounds and battles, open bets in ended rounds). */
export async function checkWindow(db: DB, cursor: number, maxPlayers: number, now: number): Promise<WindowReport> {
  const violations: string[] = [];
  const byInvariant: Partial<Record<Invariant, number>> = {};
  const fail = (invariant: Invariant, msg: string) => {
    byInvariant[invariant] = (byInvariant[invariant] ?? 0) + 1;
    if (violations.length < 200) violations.push(msg);
  };
  const moved = await db
    .selectFrom('ledger')
    .select(['user_id', (eb) => eb.fn.max('id').as('top')])
    .where('id', '>', cursor)
    .groupBy('user_id')
    .orderBy('top')
    .limit(maxPlayers)
    .execute();
  const ids = moved.map((m) => Number(m.user_id));
  const next = moved.reduce((a, m) => Math.max(a, Number(m.top)), cursor);
  if (ids.length) {
    // only the rows after the cursor: each follows the one before it (the last one at or before the
    // cursor, which the previous windows and the full pass checked), and the balance is the last
    // row's balance_after — so the balance is the sum of the whole ledger, at the cost of the new rows
    const users = await db.selectFrom('users').select(['id', 'balance_cents']).where('id', 'in', ids).execute();
    const bases = await db
      .selectFrom('ledger')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('user_id', 'in', ids)
      .where('id', '<=', cursor)
      .groupBy('user_id')
      .execute();
    const baseIds = bases.map((b) => Number(b.id)).filter((id) => id > 0);
    const baseRows = baseIds.length
      ? await db.selectFrom('ledger').select(['user_id', 'balance_after_cents']).where('id', 'in', baseIds).execute()
      : [];
    const last = new Map<number, number>(baseRows.map((r) => [Number(r.user_id), Number(r.balance_after_cents)]));
    const rows = await db
      .selectFrom('ledger')
      .select(['id', 'user_id', 'delta_cents', 'balance_after_cents'])
      .where('user_id', 'in', ids)
      .where('id', '>', cursor)
      .orderBy('id')
      .execute();
    for (const r of rows) {
      const user = Number(r.user_id);
      const before = last.get(user) ?? 0;
      if (before + Number(r.delta_cents) !== Number(r.balance_after_cents))
        fail(
          'balance',
          `ledger ${r.id} (user ${user}): ${before} + ${r.delta_cents} ≠ balance_after ${r.balance_after_cents}`,
        );
      last.set(user, Number(r.balance_after_cents));
    }
    for (const u of users) {
      const balance = Number(u.balance_cents);
      const ledger = last.get(Number(u.id)) ?? 0;
      if (balance < 0) fail('balance', `user ${u.id}: negative balance ${balance}`);
      if (balance !== ledger)
        fail('balance', `user ${u.id}: balance ${balance} ≠ ledger ${ledger} (its last balance_after)`);
    }
  }
  const before = now - STUCK_AFTER_MS;
  for (const table of ['crash_rounds', 'wheel_rounds'] as const) {
    const stuck = await db
      .selectFrom(table)
      .select(['id', 'status'])
      .where('status', '!=', 'ended')
      .where('created_at', '<', before)
      .limit(20)
      .execute();
    for (const r of stuck)
      fail('rounds', `${table} ${r.id}: still ${r.status} ${STUCK_AFTER_MS / 60_000} min after it began`);
  }
  const battles = await db
    .selectFrom('battles')
    .select(['id'])
    .where('status', '=', 'running')
    .where('started_at', '<', before)
    .limit(20)
    .execute();
  for (const b of battles)
    fail('battles', `battle ${b.id}: still running ${STUCK_AFTER_MS / 60_000} min after it started`);
  const open = await db
    .selectFrom('crash_bets')
    .innerJoin('crash_rounds', 'crash_rounds.id', 'crash_bets.round_id')
    .select(['crash_bets.id', 'crash_bets.round_id'])
    .where('crash_bets.status', '=', 'active')
    .where('crash_rounds.status', '=', 'ended')
    .limit(20)
    .execute();
  for (const b of open) fail('crash', `crash_bet:${b.id}: still active in ended round ${b.round_id}`);
  return { players: ids.length, violations, byInvariant, cursor: next };
}

async function maxLedgerId(db: DB): Promise<number> {
  const row = await db
    .selectFrom('ledger')
    .select((eb) => eb.fn.max('id').as('top'))
    .executeTakeFirst();
  return Number(row?.top ?? 0);
}

const INVARIANTS: Invariant[] = [
  'balance',
  'instant_bets',
  'openings',
  'upgrades',
  'items',
  'crash',
  'rounds',
  'battles',
  'withdrawals',
  'settled_wagers',
  'orphan_ledger',
  'conservation',
];

/** Runs the checks for one app and exports what they find. */
export class MoneyCheck {
  private cursor = 0;
  private lastFull = Number.NEGATIVE_INFINITY;
  private running: Promise<unknown> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly leadership: Leadership;
  private readonly drift = new Map<Invariant, number>(); // what the gauges show

  constructor(
    private readonly database: Database,
    private readonly config: Pick<Config, 'ledgerCheck' | 'redisUrl' | 'database'>,
    private readonly metrics: Metrics | null,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {
    for (const i of INVARIANTS) metrics?.drift.labels(i).set(0);
    // a Redis lease outlives the interval between runs, so one process keeps the check
    this.leadership = config.redisUrl
      ? new RedisLeadership(
          config.redisUrl,
          `${redisNamespace(config.database)}:ops:money-check:${database.schema ?? 'public'}`,
          config.ledgerCheck.intervalMs * 2 + 5000,
        )
      : leadershipFor(database, config, 'ops:money-check');
  }

  /** One run: the window, and the whole check when it is due (or `full`). Returns the violations. */
  async run(full = false): Promise<{ scope: 'window' | 'full'; violations: string[] }> {
    const started = performance.now();
    const at = this.now();
    const whole = full || at - this.lastFull >= this.config.ledgerCheck.fullEveryMs;
    // one snapshot: a bet committing between two reads would look like a drift
    const { top, window, report } = await inSnapshot(this.database, async (db) => ({
      top: whole ? await maxLedgerId(db) : 0, // a whole check covers every player up to here
      window: await checkWindow(db, this.cursor, this.config.ledgerCheck.windowPlayers, at),
      report: whole ? await checkInvariants(db) : null,
    }));
    this.cursor = window.cursor;
    let byInvariant = window.byInvariant;
    let violations = window.violations;
    let players = window.players;
    if (report) {
      byInvariant = { ...report.byInvariant };
      // the stuck-round checks are the window's own (the whole check cannot tell a live round from a stuck one)
      for (const k of ['rounds', 'battles'] as const)
        if (window.byInvariant[k]) byInvariant[k] = (byInvariant[k] ?? 0) + window.byInvariant[k]!;
      violations = [
        ...report.violations,
        ...window.violations.filter((v) => /^(crash_rounds|wheel_rounds|battle) /.test(v)),
      ];
      players = report.counts.users ?? players;
      this.lastFull = at;
      this.cursor = Math.max(this.cursor, top); // the next windows start after it
    }
    const scope = whole ? 'full' : 'window';
    for (const v of violations) this.log.error({ violation: v, scope }, 'money self-check: violation');
    // a window sees only its players: it raises a gauge, and only a whole check clears one
    for (const i of INVARIANTS) {
      const n = byInvariant[i] ?? 0;
      if (whole) this.drift.set(i, n);
      else if (n > (this.drift.get(i) ?? 0)) this.drift.set(i, n);
    }
    if (this.metrics) {
      const m = this.metrics;
      for (const i of INVARIANTS) m.drift.labels(i).set(this.drift.get(i) ?? 0);
      m.driftChecked.labels(scope).set(Math.round(at / 1000));
      if (whole) m.driftChecked.labels('window').set(Math.round(at / 1000)); // a full pass covers the window
      m.driftSeconds.labels(scope).set((performance.now() - started) / 1000);
      m.driftPlayers.labels(scope).set(players);
    }
    return { scope, violations };
  }

  /** Leader only: runs every interval until stop(). */
  start(): void {
    const tick = async () => {
      if (!(await this.leadership.hold().catch(() => false))) return;
      await this.run();
    };
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = tick()
        .catch((err: unknown) => this.log.error({ err }, 'money self-check failed'))
        .finally(() => (this.running = null));
    }, this.config.ledgerCheck.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    await this.leadership.release();
  }
}
