// Plays started battles on the server's pace: step k of a battle runs at started_at + leadMs +
// k × roundMs. Step k < N (N rounds) reveals round k (battles.round = k, a conditional update, so it
// happens once) and publishes battleRoundEnded(k − 1) and battleRoundStarted(k); step N settles the
// battle (battles.settle.ts) and publishes battleRoundEnded(N − 1) and battleEnded. Nothing is rolled
// here: every drop was stored when the battle started, so a restart resumes each running battle at
// step round + 1 with the same drops and winner. The clock is injectable (tests drive time).
import type { Database } from '../../db/database.ts';
import type { PublishLog } from '../../realtime/publisher.ts';
import type { BattleMode } from '../../../shared/api/battles.ts';
import type { BattleEvents } from './battles.events.ts';
import { findBattle, revealRound, runningBattleIds, storedBoxes } from './battles.repository.ts';
import { settleBattle } from './battles.settle.ts';

/** Time as the runner sees it. */
export interface BattleClock {
  now(): number; // epoch ms
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

/** The real clock. */
export const systemClock: BattleClock = {
  now: () => Date.now(),
  setTimer: (fn, ms) => setTimeout(fn, Math.max(0, ms)),
  clearTimer: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** The runner's pace. */
export interface RunnerOptions {
  roundMs: number;
  leadMs: number; // from the start to round 0
  clock: BattleClock;
}

/** Schedules and plays the steps of every running battle of this server. */
export class BattleRunner {
  private readonly timers = new Map<number, unknown>();
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly database: Database,
    private readonly events: BattleEvents,
    private readonly log: PublishLog,
    readonly options: RunnerOptions,
  ) {}

  /** Resumes every running battle from its persisted round. */
  async start(): Promise<void> {
    for (const b of await runningBattleIds(this.database.db)) this.schedule(b.id, b.started_at, b.round + 1);
  }

  /** A battle just started (after its commit): play it. */
  started(id: number, startedAt: number): void {
    this.schedule(id, startedAt, 0);
  }

  /** Resolves when no step is running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  /** Stops scheduling and waits for the running steps; running battles resume on the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const handle of this.timers.values()) this.options.clock.clearTimer(handle);
    this.timers.clear();
    await this.idle();
  }

  /** When step `k` of a battle started at `startedAt` is due. */
  stepAt(startedAt: number, k: number): number {
    return startedAt + this.options.leadMs + k * this.options.roundMs;
  }

  private schedule(id: number, startedAt: number, k: number, delay?: number): void {
    if (this.stopped) return;
    const { clock } = this.options;
    const handle = clock.setTimer(
      () => {
        this.timers.delete(id);
        const run: Promise<void> = this.step(id, startedAt, k)
          .catch((err: unknown) => {
            this.log.error({ err, battle: id, step: k }, 'battle step failed; retrying');
            this.schedule(id, startedAt, k, this.options.roundMs);
          })
          .finally(() => this.inFlight.delete(run));
        this.inFlight.add(run);
      },
      delay ?? this.stepAt(startedAt, k) - clock.now(),
    );
    this.timers.set(id, handle);
  }

  private async step(id: number, startedAt: number, k: number): Promise<void> {
    if (this.stopped) return;
    const battle = await findBattle(this.database.db, id);
    if (!battle || battle.status !== 'running') return;
    const rounds = storedBoxes(battle).length;
    const mode = battle.mode as BattleMode;
    if (k < rounds) {
      if (battle.round < k && !(await revealRound(this.database.db, id, k))) return; // another runner has it
      await this.publish(id, async () => {
        if (k > 0) await this.events.roundEnded(id, k - 1, mode);
        await this.events.roundStarted(id, k);
      });
      this.schedule(id, startedAt, k + 1);
      return;
    }
    const settled = await settleBattle(this.database, id, this.options.clock.now());
    if (!settled) return;
    await this.publish(id, async () => {
      await this.events.roundEnded(id, rounds - 1, mode);
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
