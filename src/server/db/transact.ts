// Runs a unit of work in a transaction. On SQLite the work is group-committed: jobs that arrive
// while the single connection is busy share ONE transaction, each inside its own savepoint (a job
// that throws rolls back alone and gets its own error), and every job settles only after the
// shared COMMIT, so no caller sees a result that is not committed. A COMMIT (the WAL write and,
// every few hundred commits, a checkpoint with fsync) costs more than a whole bet's statements,
// so sharing it is where SQLite's write throughput comes from. PostgreSQL runs each job in its
// own transaction: its pool commits in parallel.
import type { Transaction } from 'kysely';
import type { Database, DB } from './database.ts';
import type { Tables } from './tables.ts';

/** A unit of work: its writes commit together or not at all. */
export type Work<T> = (trx: Transaction<Tables>) => Promise<T>;

interface Job {
  work: Work<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

const MAX_BATCH = 64; // jobs per shared transaction; bounds the latency one commit adds

class GroupCommit {
  private queue: Job[] = [];
  private running = false;

  constructor(private readonly db: DB) {}

  run<T>(work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work: work as Work<unknown>, resolve: resolve as (v: unknown) => void, reject });
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
    if (jobs.length === 1) {
      // alone: a plain transaction, no savepoint statements
      const [job] = jobs as [Job];
      await this.db.transaction().execute(job.work).then(job.resolve, job.reject);
      return;
    }
    const settled: { job: Job; ok: boolean; value: unknown }[] = [];
    let trx;
    try {
      trx = await this.db.startTransaction().execute();
    } catch (e) {
      for (const job of jobs) job.reject(e);
      return;
    }
    for (const job of jobs) {
      const sp = await trx.savepoint('job').execute();
      try {
        const value = await job.work(sp);
        await sp.releaseSavepoint('job').execute();
        settled.push({ job, ok: true, value });
      } catch (e) {
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
}

const groups = new WeakMap<DB, GroupCommit>();

/** Runs `work` in a transaction of `database` (group-committed on SQLite; see the file comment). */
export function transact<T>(database: Database, work: Work<T>): Promise<T> {
  if (database.dialect !== 'sqlite') return database.db.transaction().execute(work);
  let group = groups.get(database.db);
  if (!group) groups.set(database.db, (group = new GroupCommit(database.db)));
  return group.run(work);
}
