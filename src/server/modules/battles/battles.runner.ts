// Plays started battles on the server's pace: step k of a battle runs at started_at + leadMs +
// k × roundMs. Step k < N (N rounds) reveals round k (battles.round = k, a conditional update, so it
// happens once; group-committed with the other battles' steps on SQLite) and publishes battleRoundEnded(k − 1) and battleRoundStarted(k); step N settles the
// battle (battles.settle.ts) and publishes battleRoundEnded(N − 1) and battleEnded. Nothing is rolled
// here: every drop was stored when the battle started, so a restart resumes each running battle at
// step round + 1 with the same drops and winner. A runner also adopts, every two rounds, the running
// battles whose next step is more than a round late and that it does not play: their instance died
// (several instances: the conditional updates keep each step once). The same sweep expires the waiting
// battles older than BATTLE_WAIT_MS (battles.refund.ts expireBattle: the battle row locked, waiting →
// canceled once, every seat refunded under its stake's key, so two instances sweeping at once refund each
// seat once). The clock is injectable (tests drive time).
import type { Database } from '../../db/database.ts';
import { transact } from '../../db/transact.ts';
import type { PublishLog } from '../../realtime/publisher.ts';
import type { BattleEvents } from './battles.events.ts';
import { dueToExpire, revealRound, runningBattles, type BattlePace } from './battles.repository.ts';
import { expireBattle } from './battles.refund.ts';
import { settleBattle } from './battles.settle.ts';
import type { Clock } from '../../rounds/clock.ts';

/** The runner's pace. */
export interface RunnerOptions {
  roundMs: number;
  leadMs: number; // from the start to round 0
  clock: Clock;
}

/** The money of battles, told after each commit (ops counts it per game: wagered, paid, refunded). */
export interface BattleObserver {
  staked(cents: number): void; // seats taken (a bot's seat paid by the creator too)
  paid(cents: number): void; // a settled battle's winnings (items at their price, or team shares)
  refunded(cents: number): void; // seats refunded by a cancel, leave or expiry
}

/** Schedules and plays the steps of every running battle of this server. */
export class BattleRunner {
  /** Set by ops (metrics); the routes tell it too. */
  observer: BattleObserver | null = null;
  private readonly timers = new Map<number, unknown>();
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;
  private sweep: unknown = null; // the timer of the next look for orphaned battles

  constructor(
    private readonly database: Database,
    private readonly events: BattleEvents,
    private readonly log: PublishLog,
    readonly options: RunnerOptions,
  ) {}

  /** Resumes every running battle from its persisted round. */
  async start(): Promise<void> {
    for (const b of await runningBattles(this.database.db)) this.schedule(b.id, b.meta, b.round + 1);
    this.scheduleSweep();
  }

  /** A battle just started (after its commit): play it. */
  started(id: number, pace: BattlePace): void {
    this.schedule(id, pace, 0);
  }

  /** Resolves when no step is running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  /** Stops scheduling and waits for the running steps; running battles resume on the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const handle of this.timers.values()) this.options.clock.clearTimeout(handle);
    this.timers.clear();
    if (this.sweep !== null) this.options.clock.clearTimeout(this.sweep);
    await this.idle();
  }

  /** When step `k` of a battle started at `startedAt` is due. */
  stepAt(startedAt: number, k: number): number {
    return startedAt + this.options.leadMs + k * this.options.roundMs;
  }

  /** Cancels and refunds every waiting battle older than BATTLE_WAIT_MS; how many this call expired. */
  async expireDue(): Promise<number> {
    let expired = 0;
    for (const id of await dueToExpire(this.database.db, this.options.clock.now())) {
      if (this.stopped) break;
      const r = await expireBattle(this.database, id, this.options.clock.now());
      if (!r) continue; // started, canceled or expired by another instance meanwhile
      expired += 1;
      this.observer?.refunded(r.refundedCents);
      await this.publish(id, () => this.events.canceled(r));
    }
    return expired;
  }

  /** Looks for orphaned battles and expired waiting battles every two rounds (at least every second). */
  private scheduleSweep(): void {
    if (this.stopped) return;
    this.sweep = this.options.clock.setTimeout(
      () => {
        const run: Promise<void> = this.adoptOrphans()
          .catch((err: unknown) => this.log.error({ err }, 'looking for orphaned battles failed'))
          .then(() => this.expireDue())
          .then(
            () => undefined,
            (err: unknown) => this.log.error({ err }, 'expiring waiting battles failed'),
          )
          .finally(() => {
            this.inFlight.delete(run);
            this.scheduleSweep();
          });
        this.inFlight.add(run);
      },
      Math.max(1000, 2 * this.options.roundMs),
    );
  }

  /** Plays the running battles this runner does not play whose next step is over a round late. */
  private async adoptOrphans(): Promise<void> {
    const now = this.options.clock.now();
    for (const b of await runningBattles(this.database.db)) {
      if (this.timers.has(b.id) || this.stopped) continue;
      const late = now - this.stepAt(b.meta.startedAt, b.round + 1);
      if (late > this.options.roundMs) this.schedule(b.id, b.meta, b.round + 1, 0);
    }
  }

  private schedule(id: number, pace: BattlePace, k: number, delay?: number): void {
    if (this.stopped) return;
    const { clock } = this.options;
    const handle = clock.setTimeout(
      () => {
        this.timers.delete(id);
        const run: Promise<void> = this.step(id, pace, k)
          .catch((err: unknown) => {
            this.log.error({ err, battle: id, step: k }, 'battle step failed; retrying');
            this.schedule(id, pace, k, this.options.roundMs);
          })
          .finally(() => this.inFlight.delete(run));
        this.inFlight.add(run);
      },
      delay ?? this.stepAt(pace.startedAt, k) - clock.now(),
    );
    this.timers.set(id, handle);
  }

  private async step(id: number, pace: BattlePace, k: number): Promise<void> {
    if (this.stopped) return;
    const { rounds, mode } = pace;
    if (k < rounds) {
      // the conditional update also checks the battle is still running and not stepped by another runner
      if (!(await transact(this.database, (trx) => revealRound(trx, id, k)))) return;
      await this.publish(id, () => this.events.roundStep(id, k, rounds, mode));
      this.schedule(id, pace, k + 1);
      return;
    }
    const settled = await settleBattle(this.database, id, this.options.clock.now());
    if (!settled) return;
    this.observer?.paid(settled.paidCents);
    await this.publish(id, async () => {
      await this.events.roundStep(id, k, rounds, mode);
      await this.events.ended(id, settled);
    });
  }

  /** Publishing never stops the battle: a failure is logged (the state is already committed). */
  private async publish(id: number, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (err) {
      this.log.error({ err, battle: id }, 'battle event not published');
    }
  }
}
