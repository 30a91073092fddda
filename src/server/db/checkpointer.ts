// WAL checkpoints off the event loop for the server's SQLite writer. SQLite checkpoints inside
// the COMMIT that crosses wal_autocheckpoint: it copies the WAL into the database file and syncs
// it, synchronously, on the connection that committed, i.e. on the one thread that serves every
// request. Under load that stalled every request in flight for tens of ms (dice bets of 50 players:
// p99 40–48 ms). With this, the writer never checkpoints; a worker thread with its own connection
// does (checkpoint-worker.mjs), and the writer only waits for the rare RESTART (same load: p99
// about 23 ms, and ~8 % more bets per second, as the copying runs on the other core).
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** How the background checkpointer runs. */
export interface CheckpointOptions {
  intervalMs: number; // between PASSIVE checkpoints
  restartFrames: number; // a WAL this long (frames of one page) is restarted
  onError?: (message: string) => void; // a checkpoint that failed (the next tick tries again)
}

/** The writer's own automatic checkpoint, used until the worker runs and if it ever stops:
 * every ~40 MB of WAL instead of SQLite's 4 MB (bets of many players dirty a leaf page of each
 * per-user index per bet; a longer interval writes each hot page back once instead of many times). */
export const WRITER_AUTOCHECKPOINT = 10_000;

export const defaultCheckpointOptions: CheckpointOptions = { intervalMs: 200, restartFrames: 10_000 };

/** A running checkpointer. */
export interface Checkpointer {
  /** Stops the thread (its connection closed); resolves once it has exited. */
  stop(): Promise<void>;
}

/** Moves the checkpoints of `writer` (a WAL database file) to a worker thread. Should the thread
 * stop by itself (it cannot open the file, or its checkpoints keep failing), the writer checkpoints
 * on its own again. */
export function startCheckpointer(
  writer: SQLite.Database,
  options: CheckpointOptions = defaultCheckpointOptions,
): Checkpointer {
  const worker = new Worker(new URL('./checkpoint-worker.mjs', import.meta.url), {
    workerData: {
      file: writer.name,
      intervalMs: options.intervalMs,
      restartFrames: options.restartFrames,
    },
  });
  writer.pragma('wal_autocheckpoint = 0');
  let stopping = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const fallBack = () => {
    if (!stopping && writer.open) writer.pragma(`wal_autocheckpoint = ${WRITER_AUTOCHECKPOINT}`);
  };
  worker.on('message', (m: { error?: string }) => m.error && options.onError?.(m.error));
  worker.on('error', (err) => {
    // an error from the thread arrives cloned: maybe not an Error of this realm, a SqliteError
    // keeps only its code
    const { message, code } = (err ?? {}) as { message?: unknown; code?: unknown };
    options.onError?.([message, code].filter((v) => typeof v === 'string').join(' ') || String(err));
    fallBack();
  });
  void exited.then(fallBack);
  worker.unref(); // never what keeps the process alive
  return {
    stop() {
      stopping = true;
      worker.ref(); // until it has closed its connection
      worker.postMessage('stop');
      return exited;
    },
  };
}
