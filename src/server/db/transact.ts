// Runs a unit of work in a transaction. On SQLite the work is group-committed: jobs that arrive
// while the single connection is busy share ONE transaction, each inside its own savepoint (a job
// that throws rolls back alone and gets its own error), and every job settles only after the
// shared COMMIT, so no caller sees a result that is not committed. A COMMIT (the WAL write and,
// every few hundred commits, a checkpoint with fsync) costs more than a whole bet's statements,
// so sharing it is where SQLite's write throughput comes from. PostgreSQL runs each job in its
// own transaction: its pool commits in parallel.
// A hot path (a bet) may instead queue a SYNCHRONOUS job on the raw better-sqlite3 handle
// (transactSync): it joins the same batches while the group commit holds Kysely's one connection,
// so its statements can never land in another caller's transaction. A batch of synchronous jobs
// only runs them back to back WITHOUT savepoints: inside a savepoint SQLite copies every page a
// job first changes to the savepoint journal, about 10 µs of a dice bet's 40. A job that fails
// before writing anything (the hot jobs check every refusal before their first write) fails alone;
// one that fails after writing rolls the whole batch back, and the batch runs again with each job
// in its own savepoint. So synchronous jobs must only read and write the database: running one
// twice is the same as running it once.
import type SQLite from 'better-sqlite3';
import type { Transaction } from 'kysely';
import type { Database, DB } from './database.ts';
import type { Tables } from './tables.ts';
import { sqliteHandle } from './hot/sqlite-handle.ts';

/** A unit of work: its writes commit together or not at all. */
export type Work<T> = (trx: Transaction<Tables>) => Promise<T>;

/** A synchronous unit of work on the raw SQLite handle (prepared statements, no await). */
export type SyncWork<T> = (sqlite: SQLite.Database) => T;

interface Job {
  at: number; // performance.now() when it joined the queue (0 unless observed)
  work?: Work<unknown>;
  sync?: SyncWork<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** How a job of a batch ended. */
interface Settled {
  job: Job;
  ok: boolean;
  value: unknown;
}

/** Thrown inside a batch's transaction to roll it back: a job failed after it had written. */
class FailedAfterWriting extends Error {}

const MAX_BATCH = 64; // jobs per shared transaction; bounds the latency one commit adds

/** Told of each batch as it starts: its jobs and how long the oldest waited (ms). Metrics (ops/). */
export type BatchObserver = (jobs: number, waitedMs: number) => void;

class GroupCommit {
  private queue: Job[] = [];
  private running = false;
  observer: BatchObserver | null = null;
  // runs a function in a transaction, or in a savepoint when one is open (better-sqlite3 nests so)
  private readonly inTransaction: SQLite.Transaction<(job: SyncWork<unknown>) => unknown> | undefined;
  // rows the writer has changed since it opened: a job that throws with this unchanged wrote nothing
  private readonly totalChanges: SQLite.Statement<[]> | undefined;

  constructor(
    private readonly db: DB,
    private readonly writer: SQLite.Database | undefined,
  ) {
    this.inTransaction = writer?.transaction((job: SyncWork<unknown>) => job(writer));
    this.totalChanges = writer?.prepare('select total_changes()').pluck();
  }

  run<T>(job: { work: Work<T> } | { sync: SyncWork<T> }): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const { work, sync } = job as Partial<Pick<Job, 'work' | 'sync'>>; // (a spread with more properties costs ~1 µs in V8)
      const at = this.observer ? performance.now() : 0;
      this.queue.push({ at, work, sync, resolve: resolve as (v: unknown) => void, reject });
      if (this.running) return;
      this.running = true;
      // start on the next turn of the event loop, so requests that are already on their way
      // (waiting for the connection for their reads) can join this batch
      setImmediate(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length) await this.runBatch(this.queue.splice(0, MAX_BATCH));
    } finally {
      this.running = false;
    }
  }

  private async runBatch(jobs: Job[]): Promise<void> {
    if (this.observer) this.observer(jobs.length, performance.now() - jobs[0]!.at);
    if (jobs.every((j) => j.sync)) {
      // no await between the statements: hold the connection and run the batch in one go
      await this.db.connection().execute(async () => this.runSyncBatch(jobs));
      return;
    }
    if (jobs.length === 1) {
      // alone: a plain transaction, no savepoint statements
      const [job] = jobs as [Job];
      await this.db.transaction().execute(job.work!).then(job.resolve, job.reject);
      return;
    }
    const settled: Settled[] = [];
    let trx;
    try {
      trx = await this.db.startTransaction().execute();
    } catch (e) {
      for (const job of jobs) job.reject(e);
      return;
    }
    const abandon = async (e: unknown) => {
      await trx
        .rollback()
        .execute()
        .catch(() => undefined);
      for (const job of jobs) job.reject(e);
    };
    for (const job of jobs) {
      if (job.sync) {
        // the shared transaction holds the connection: the job runs in its own savepoint on it
        try {
          settled.push({ job, ok: true, value: this.inTransaction!(job.sync) });
        } catch (e) {
          if (this.lostTransaction()) return abandon(e);
          settled.push({ job, ok: false, value: e });
        }
        continue;
      }
      const sp = await trx.savepoint('job').execute();
      try {
        const value = await job.work!(sp);
        await sp.releaseSavepoint('job').execute();
        settled.push({ job, ok: true, value });
      } catch (e) {
        if (this.lostTransaction()) return abandon(e);
        await sp.rollbackToSavepoint('job').execute();
        await sp.releaseSavepoint('job').execute();
        settled.push({ job, ok: false, value: e });
      }
    }
    try {
      await trx.commit().execute();
    } catch (e) {
      await trx
        .rollback()
        .execute()
        .catch(() => undefined);
      for (const job of jobs) job.reject(e);
      return;
    }
    for (const s of settled) (s.ok ? s.job.resolve : s.job.reject)(s.value);
  }

  /** True when SQLite itself rolled the open transaction back (after an I/O error or a full disk):
   * the batch is lost, and the next statements would each commit on their own. */
  private lostTransaction(): boolean {
    return this.writer !== undefined && !this.writer.inTransaction;
  }

  /** Synchronous jobs only: one IMMEDIATE transaction; the jobs run without savepoints, and again
   * each in its own savepoint when one of them failed after writing (see the file comment). */
  private runSyncBatch(jobs: Job[]): void {
    let settled: Settled[] | null;
    try {
      settled = this.syncTransaction(jobs, false) ?? this.syncTransaction(jobs, true);
    } catch (e) {
      for (const job of jobs) job.reject(e);
      return;
    }
    for (const s of settled!) (s.ok ? s.job.resolve : s.job.reject)(s.value);
  }

  /** Runs and commits one batch of synchronous jobs, each alone in the transaction or in its own
   * savepoint; null (all rolled back) when, without savepoints, a job failed after writing. */
  private syncTransaction(jobs: Job[], savepoints: boolean): Settled[] | null {
    const settled: Settled[] = [];
    const writer = this.writer!;
    try {
      this.inTransaction!.immediate(() => {
        if (jobs.length === 1) {
          settled.push({ job: jobs[0]!, ok: true, value: jobs[0]!.sync!(writer) }); // throws: rolls back
          return;
        }
        for (const job of jobs) {
          const before = savepoints ? 0 : this.totalChanges!.get();
          try {
            settled.push({ job, ok: true, value: savepoints ? this.inTransaction!(job.sync!) : job.sync!(writer) });
          } catch (e) {
            if (this.lostTransaction()) throw e; // SQLite rolled it all back (I/O error, disk full): the batch fails
            if (!savepoints && this.totalChanges!.get() !== before) throw new FailedAfterWriting();
            settled.push({ job, ok: false, value: e });
          }
        }
      });
    } catch (e) {
      if (e instanceof FailedAfterWriting) return null;
      throw e;
    }
    return settled;
  }
}

const groups = new WeakMap<DB, GroupCommit>();

function groupOf(db: DB): GroupCommit {
  let group = groups.get(db);
  if (!group) groups.set(db, (group = new GroupCommit(db, sqliteHandle(db)?.writer)));
  return group;
}

/** Runs `work` in a transaction of `database` (group-committed on SQLite; see the file comment). */
export function transact<T>(database: Database, work: Work<T>): Promise<T> {
  if (database.dialect !== 'sqlite') return database.db.transaction().execute(work);
  return groupOf(database.db).run({ work });
}

/** Reports each group-commit batch of a SQLite `database` to `observer` (null: stop). */
export function observeGroupCommit(database: Database, observer: BatchObserver | null): void {
  if (database.dialect === 'sqlite') groupOf(database.db).observer = observer;
}

/** SQLite only: whether `database` can run synchronous jobs (opened by openDatabase, so its handle is known). */
export function canTransactSync(database: Database): boolean {
  return database.dialect === 'sqlite' && sqliteHandle(database.db) !== undefined;
}

/** Runs a synchronous job in the group commit of a SQLite `database` (see canTransactSync): it
 * settles after the shared COMMIT, like `transact`. */
export function transactSync<T>(database: Database, sync: SyncWork<T>): Promise<T> {
  if (!canTransactSync(database)) throw new Error('transactSync needs a SQLite database opened by openDatabase');
  return groupOf(database.db).run({ sync });
}
