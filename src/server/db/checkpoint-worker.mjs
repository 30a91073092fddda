// The background checkpointer's thread (checkpointer.ts starts it). Plain JavaScript: a worker
// thread gets no TypeScript loader under every runner (vitest runs the server in-process), and this
// loop needs none. Its own connection copies the WAL into the database file every `intervalMs`
// (PASSIVE: never waits for, nor blocks, the writer or readers), and once the WAL holds
// `restartFrames` frames it RESTARTs it, so that the next commit writes from the start of the file
// again. A RESTART holds the writer off while it runs, so it waits at most LOCK_WAIT_MS for the
// writer and for readers of an older snapshot (another process's long read, a backup); when it gives
// up, the next RESTART waits RESTART_BACKOFF_MS. So the server's thread waits at most 100 ms, at
// most once a second, while such a reader lasts. After MAX_FAILURES failed ticks in a row it stops,
// and the writer checkpoints by itself again.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const LOCK_WAIT_MS = 100;
const RESTART_BACKOFF_MS = 1000;
const { file, intervalMs, restartFrames } = workerData;
const db = new SQLite(file, { fileMustExist: true, timeout: LOCK_WAIT_MS });
let nextRestart = 0;

function checkpoint() {
  const [passive] = db.pragma('wal_checkpoint(PASSIVE)');
  if (passive.log < restartFrames || Date.now() < nextRestart) return;
  const [restart] = db.pragma('wal_checkpoint(RESTART)');
  if (restart.busy) nextRestart = Date.now() + RESTART_BACKOFF_MS;
}

const MAX_FAILURES = 25;
let failures = 0;

function stop() {
  clearInterval(timer);
  db.close();
  parentPort.close();
}

const timer = setInterval(() => {
  try {
    checkpoint();
    failures = 0;
  } catch (err) {
    // a disk error, a lock held past the timeout: say so, and try again on the next tick
    parentPort.postMessage({ error: String(err) });
    if (++failures >= MAX_FAILURES) stop();
  }
}, intervalMs);

parentPort.on('message', (message) => {
  if (message === 'stop') stop();
});
