// The generic round loop of one game: new → starting (betting window) → pending (bets closed) →
// in_progress → ended → the next round. Only the leader (leadership.ts) moves rounds; every status
// change is committed before it is broadcast, and driven by the persisted times, so a restart or
// another leader continues the same round where it is. The game plugs in through RoundGame (README).
import type { Transaction } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Tables } from '../db/tables.ts';
import { transact } from '../db/transact.ts';
import type { RoundStatus } from '../../shared/api/rounds.ts';
import type { Clock, TimerHandle } from './clock.ts';
import type { Leadership } from './leadership.ts';
import { heartbeat, insertRound, latestRound, moveRound, roundById, type RoundRow } from './round.repository.ts';

/** How long each phase lasts (ms); in_progress lasts RoundGame.playMs. */
export interface RoundTimings {
  bettingMs: number; // starting: the betting window
  pendingMs: number; // pending: bets closed, before the play
  endedMs: number; // ended: the pause before the next round
  tickMs: number; // in_progress: a `game` event (and RoundGame.tick) this often
}

/** Something the loop publishes to: a socket.io namespace, or a recorder in tests. */
export interface RoundChannel {
  emit(event: string, payload: unknown): unknown;
}

/** Runs after the transaction that settled a round commits (publish the bets' results). */
export type AfterCommit = () => void | Promise<void>;

/** What a round game gives the loop. R is its rounds table's row. */
export interface RoundGame<R extends RoundRow> {
  name: string; // 'crash': logs and the leader lock's key
  table: string; // its rounds table (generic columns + its own)
  gameEvent: string; // the socket event of round snapshots ('game', 'wheel:game')
  timings: RoundTimings;
  /** False while the game cannot open a round yet (e.g. its chain is still being generated). */
  ready?(): Promise<boolean>;
  /** The game's own columns of a new round: its committed result. Runs in the insert's transaction. */
  create(trx: Transaction<Tables>, previous: R | undefined, now: number): Promise<Record<string, unknown>>;
  /** How long the round plays (ms from in_progress_at to the end). */
  playMs(round: R): number;
  /** Settles every open bet of the round once, in the transaction that ends it (lockUserRows first). */
  settle(trx: Transaction<Tables>, round: R, endedAt: number): Promise<AfterCommit | void>;
  /**
   * Optional outage policy: a round in progress that no leader drove for longer than this (ms, from its
   * last heartbeat or its start to now or its end, whichever is first) is voided with voidRound instead
   * of played out. The leader then beats `heartbeat_at` (a column of the game's table) every second.
   */
  voidAfterMs?: number;
  /** Voids the round in the transaction that ends it: refunds every open bet once (lockUserRows
   * first) and marks the round; returns a function to publish after the commit. */
  voidRound?(trx: Transaction<Tables>, round: R, now: number): Promise<AfterCommit | void>;
  /** Leader only, every tick while in progress (e.g. auto cash-outs); errors are logged. */
  tick?(round: R, now: number): Promise<void>;
  /** The `gameEvent` payload of a round at `now`; the outcome only once ended. */
  snapshot(round: R, now: number): unknown;
}

/** Where the loop reports what went wrong (a pino/Fastify logger fits). */
export interface RoundLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What an operator watches of a loop (ops/round-metrics.ts): the lead, each committed status and how
 * late it was committed after it was due, and each round that ended, played out or voided (its payouts
 * and refunds are counted). */
export interface RoundObserver {
  leading(game: string, leading: boolean): void;
  status(game: string, status: RoundStatus, lagMs: number): void;
  ended(game: string, roundId: number): void;
}

/** What a loop is built from. */
export interface RoundLoopDeps<R extends RoundRow> {
  database: Database;
  game: RoundGame<R>;
  clock: Clock;
  leadership: Leadership;
  log?: RoundLog;
  leaseMs?: number; // how often the lead is taken or renewed (default 1000)
}

const quiet: RoundLog = { info: () => undefined, error: () => undefined };

/** How far ahead of the leader's clock a round may have begun before its start is rebased (ms). */
export const CLOCK_SKEW_MS = 1000;
/** How often the leader beats a round in progress of a game that voids abandoned rounds (ms). */
export const HEARTBEAT_MS = 1000;

/** A round row of a game with an outage policy (RoundGame.voidAfterMs): it has heartbeat_at. */
type Beating = RoundRow & { heartbeat_at?: number | string | null };

/** When a leader was last seen driving `round` in progress: its last heartbeat, or its start. */
export function lastSeenAt(round: Beating): number {
  return Math.max(Number(round.in_progress_at), Number(round.heartbeat_at ?? 0));
}

/** How long (ms) round `round` in progress of a game whose rounds play `playMs` had no leader at `now`
 * (counted up to its end: an outage after the round's time ran out cost nobody a cash-out). */
export function unattendedMs(round: Beating, playMs: number, now: number): number {
  return Math.min(now, Number(round.in_progress_at) + playMs) - lastSeenAt(round);
}

/** One game's loop: every process has one; only the leader's moves rounds. */
export class RoundLoop<R extends RoundRow> {
  readonly game: RoundGame<R>;
  private readonly channels = new Set<RoundChannel>();
  private readonly log: RoundLog;
  private running = false;
  private leading = false;
  private stepTimer: TimerHandle | null = null;
  private stepAt = 0; // clock time (epoch ms) the step timer was set for
  private leaseTimer: TimerHandle | null = null;
  private work: Promise<void> = Promise.resolve(); // steps and lease checks run one at a time
  private cached: { at: number; round: Promise<R | undefined> } | null = null;
  private observer: RoundObserver | null = null;

  constructor(private readonly deps: RoundLoopDeps<R>) {
    this.game = deps.game;
    this.log = deps.log ?? quiet;
  }

  /** True while this process leads the loop. */
  get isLeader(): boolean {
    return this.leading;
  }

  /** Reports the lead, statuses and ended rounds to `observer` (metrics). */
  observe(observer: RoundObserver): void {
    this.observer = observer;
    observer.leading(this.game.name, this.leading);
  }

  /** Broadcasts reach `channel` too (the namespace; a recorder in tests). */
  addChannel(channel: RoundChannel): () => void {
    this.channels.add(channel);
    return () => this.channels.delete(channel);
  }

  /** Sends an event to every channel (game services publish their bet events through it). */
  emit(event: string, payload: unknown): void {
    for (const channel of this.channels) channel.emit(event, payload);
  }

  /** Starts taking the lead; the leader drives rounds until stop(). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.leaseTimer = this.deps.clock.setTimeout(() => this.lease(), 0);
  }

  /** Stops driving and gives the lead up (also after halt()); waits for the step in flight. */
  async stop(): Promise<void> {
    this.running = false;
    this.clear();
    await this.work;
    this.leading = false;
    await this.deps.leadership.release();
  }

  /** Stops without giving the lead up, as a process that died would (tests). */
  async halt(): Promise<void> {
    this.running = false;
    this.clear();
    await this.work;
    this.leading = false;
  }

  /** The newest round (cached 50 ms: many sockets connecting at once read it once). */
  current(): Promise<R | undefined> {
    const now = this.deps.clock.now();
    if (!this.cached || now - this.cached.at > 50 || now < this.cached.at) {
      this.cached = { at: now, round: latestRound<R>(this.deps.database.db, this.game.table) };
    }
    return this.cached.round;
  }

  /** The current snapshot payload (what a socket gets on connect), or null before the first round. */
  async snapshot(): Promise<unknown> {
    const round = await this.current();
    return round ? this.game.snapshot(round, this.deps.clock.now()) : null;
  }

  private clear(): void {
    if (this.stepTimer !== null) this.deps.clock.clearTimeout(this.stepTimer);
    if (this.leaseTimer !== null) this.deps.clock.clearTimeout(this.leaseTimer);
    this.stepTimer = this.leaseTimer = null;
  }

  /** Runs `job` after the work in flight; returns when it is done. */
  private serial(job: () => Promise<void>): Promise<void> {
    this.work = this.work
      .then(job)
      .catch((err: unknown) => this.log.error({ err, game: this.game.name }, 'round loop'));
    return this.work;
  }

  private lease(): Promise<void> {
    this.leaseTimer = null;
    return this.serial(async () => {
      if (!this.running) return;
      const was = this.leading;
      this.leading = await this.deps.leadership.hold().catch(() => false);
      this.observer?.leading(this.game.name, this.leading);
      if (!this.running) return;
      if (this.leading && !was) {
        this.log.info({ game: this.game.name }, 'round loop: leading');
        this.schedule(0);
      }
      if (this.leading && was) await this.recheck();
      if (!this.leading && was) {
        this.log.info({ game: this.game.name }, 'round loop: lost the lead');
        if (this.stepTimer !== null) this.deps.clock.clearTimeout(this.stepTimer);
        this.stepTimer = null;
      }
      this.leaseTimer = this.deps.clock.setTimeout(() => this.lease(), this.deps.leaseMs ?? 1000);
    });
  }

  /** Every lease tick: re-reads the round and brings the step forward when it is due sooner than the
   * pending timer says (a row corrected by hand, a clock that jumped back). Errors are the next step's. */
  private async recheck(): Promise<void> {
    const round = await latestRound<R>(this.deps.database.db, this.game.table).catch(() => undefined);
    const now = this.deps.clock.now();
    const wait = this.waitFor(round, now);
    if (this.stepTimer === null || this.stepAt - now > wait) this.schedule(wait);
  }

  /** The longest any phase waits (ms): no timer of the loop is ever longer. */
  private get longestWait(): number {
    const { bettingMs, pendingMs, endedMs, tickMs } = this.game.timings;
    return Math.max(bettingMs, pendingMs, endedMs, tickMs, 1000);
  }

  private schedule(ms: number): void {
    if (this.stepTimer !== null) this.deps.clock.clearTimeout(this.stepTimer);
    const wait = Math.min(Math.max(0, ms), this.longestWait);
    this.stepAt = this.deps.clock.now() + wait;
    this.stepTimer = this.deps.clock.setTimeout(() => {
      this.stepTimer = null;
      return this.serial(() =>
        this.step().catch((err: unknown) => {
          this.log.error({ err, game: this.game.name }, 'round loop step failed; retrying');
          if (this.running && this.leading) this.schedule(1000);
        }),
      );
    }, wait);
  }

  /**
   * Ms until the step is due for `round` at `now`: 0 when something is due now, otherwise at most the
   * phase's own length. A time further ahead than its phase can last was written by a clock that was
   * ahead (or by hand): it is due at once, and step() rebases it on this clock.
   */
  private waitFor(round: R | undefined, now: number): number {
    const { bettingMs, pendingMs, endedMs, tickMs } = this.game.timings;
    const until = (at: number, length: number) => (at - now > length ? 0 : Math.max(0, at - now));
    switch (round?.status) {
      case 'starting':
        return until(round.betting_ends_at!, bettingMs);
      case 'pending':
        return until(round.pending_at! + pendingMs, pendingMs);
      case 'in_progress':
        if (round.in_progress_at! - now > CLOCK_SKEW_MS) return 0;
        return Math.min(tickMs, Math.max(0, round.in_progress_at! + this.game.playMs(round) - now));
      case 'ended':
        return until(round.ended_at! + endedMs, endedMs);
      default:
        return 0; // no round yet, or new
    }
  }

  /** Does what is due now and schedules the next step. */
  private async step(): Promise<void> {
    if (!this.running || !this.leading) return;
    const { clock, database } = this.deps;
    const { timings } = this.game;
    const now = clock.now();
    const round = await latestRound<R>(database.db, this.game.table);
    if (!round || (round.status === 'ended' && now >= round.ended_at! + timings.endedMs)) {
      if (this.game.ready && !(await this.game.ready())) return this.schedule(1000);
      await this.open(round, now);
      return this.schedule(0);
    }
    switch (round.status) {
      case 'new':
        await this.move(round, 'new', 'starting', { starting_at: now, betting_ends_at: now + timings.bettingMs });
        return this.schedule(0);
      case 'starting':
        if (round.betting_ends_at! - now > timings.bettingMs) {
          // a window is never longer than bettingMs from now (every instance takes bets until betting_ends_at)
          await this.move(round, 'starting', 'starting', { betting_ends_at: now + timings.bettingMs });
          return this.schedule(timings.bettingMs);
        }
        if (now < round.betting_ends_at!) return this.schedule(round.betting_ends_at! - now);
        await this.move(round, 'starting', 'pending', { pending_at: now });
        return this.schedule(timings.pendingMs);
      case 'pending':
        if (round.pending_at! > now) {
          await this.move(round, 'pending', 'pending', { pending_at: now });
          return this.schedule(timings.pendingMs);
        }
        if (now < round.pending_at! + timings.pendingMs)
          return this.schedule(round.pending_at! + timings.pendingMs - now);
        await this.move(round, 'pending', 'in_progress', { in_progress_at: now });
        return this.schedule(Math.min(timings.tickMs, this.game.playMs({ ...round, in_progress_at: now })));
      case 'in_progress': {
        const voids = this.game.voidAfterMs !== undefined && this.game.voidRound !== undefined;
        if (round.in_progress_at! - now > CLOCK_SKEW_MS || (voids && this.abandoned(round, now))) {
          // began "in the future" (a clock that was ahead): nobody could play it on this clock
          if (voids) {
            await this.void(round, now);
            return this.schedule(timings.endedMs);
          }
          // its play is counted again from now (the result was committed at creation)
          await this.move(round, 'in_progress', 'in_progress', { in_progress_at: now });
          return this.schedule(0);
        }
        const end = round.in_progress_at! + this.game.playMs(round);
        if (now >= end) {
          await this.end(round, now);
          return this.schedule(timings.endedMs);
        }
        if (voids) await this.beat(round, now);
        await this.tick(round, now);
        return this.schedule(Math.min(timings.tickMs, end - now));
      }
      case 'ended':
        if (round.ended_at! > now) {
          await this.move(round, 'ended', 'ended', { ended_at: now });
          return this.schedule(timings.endedMs);
        }
        return this.schedule(round.ended_at! + timings.endedMs - now);
    }
  }

  private async open(previous: R | undefined, now: number): Promise<void> {
    const round = await transact(this.deps.database, async (trx) => {
      const values = await this.game.create(trx, previous, now);
      const id = await insertRound(trx, this.game.table, {
        ...values,
        previous_id: previous?.id ?? 0,
        status: 'new',
        created_at: now,
      });
      return latestRound<R>(trx, this.game.table).then((r) => (r?.id === id ? r : undefined));
    });
    if (round) this.broadcast(round, now);
  }

  private async move(round: R, from: RoundStatus, to: RoundStatus, times: Partial<RoundRow>): Promise<void> {
    if (!(await moveRound(this.deps.database.db, this.game.table, round.id, from, to, times))) return;
    this.broadcast({ ...round, ...times, status: to }, this.deps.clock.now());
  }

  private async end(round: R, now: number): Promise<void> {
    const published = await transact(this.deps.database, async (trx) => {
      const after = await this.game.settle(trx, round, now);
      if (!(await moveRound(trx, this.game.table, round.id, 'in_progress', 'ended', { ended_at: now }))) {
        throw new Error(`round ${round.id} was no longer in progress`); // undo the settlement: it was done elsewhere
      }
      return after;
    });
    this.broadcast({ ...round, status: 'ended', ended_at: now }, this.deps.clock.now());
    this.observer?.ended(this.game.name, round.id);
    await published?.();
  }

  /** True when no leader drove `round` for longer than the game's voidAfterMs (RoundGame.voidAfterMs). */
  private abandoned(round: R, now: number): boolean {
    return unattendedMs(round, this.game.playMs(round), now) > this.game.voidAfterMs!;
  }

  /** Writes the round's heartbeat about every HEARTBEAT_MS (and over one written by a clock that was ahead). */
  private async beat(round: R, now: number): Promise<void> {
    const last = Number((round as Beating).heartbeat_at ?? round.in_progress_at);
    if (now - last < HEARTBEAT_MS && last <= now) return;
    await heartbeat(this.deps.database.db, this.game.table, round.id, now);
  }

  /** Voids `round` (the game refunds its open bets) and ends it, in one transaction; broadcasts the row. */
  private async void(round: R, now: number): Promise<void> {
    const published = await transact(this.deps.database, async (trx) => {
      const after = await this.game.voidRound!(trx, round, now);
      if (!(await moveRound(trx, this.game.table, round.id, 'in_progress', 'ended', { ended_at: now }))) {
        throw new Error(`round ${round.id} was no longer in progress`); // undo the refunds: it was ended elsewhere
      }
      return after;
    });
    this.log.info({ game: this.game.name, round: round.id, lastSeenAt: lastSeenAt(round), now }, 'round voided');
    const ended = await roundById<R>(this.deps.database.db, this.game.table, round.id);
    this.broadcast(ended ?? { ...round, status: 'ended', ended_at: now }, this.deps.clock.now());
    this.observer?.ended(this.game.name, round.id);
    await published?.();
  }

  private async tick(round: R, now: number): Promise<void> {
    this.emit(this.game.gameEvent, this.game.snapshot(round, now));
    await this.game.tick?.(round, now);
  }

  private broadcast(round: R, now: number): void {
    this.cached = null;
    this.observer?.status(this.game.name, round.status, Math.max(0, this.deps.clock.now() - this.stepAt)); // committed this late after it was due
    this.emit(this.game.gameEvent, this.game.snapshot(round, now));
  }
}
