// The background checkpointer's thread (checkpointer.ts starts it). Plain JavaScript: a worker
// thread gets no TypeScript loader under every runner (vitest runs the server in-process), and this
// loop needs none. Its own connection copies the WAL into the database file every `intervalMs`
// (PASSIVE: never waits for, nor blocks, the writer or readers), and once the WAL holds
// `restartFrames` frames it RESTARTs it, so that the next commit writes from the start of the file
// again (the writer waits for that one, a few ms).
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const { file, intervalMs, restartFrames, busyTimeoutMs } = workerData;
const db = new SQLite(file, { fileMustExist: true });
db.pragma(`busy_timeout = ${busyTimeoutMs}`);

function checkpoint() {
  const [passive] = db.pragma('wal_checkpoint(PASSIVE)');
  if (passive.log >= restartFrames) db.pragma('wal_checkpoint(RESTART)');
}

const timer = setInterval(() => {
  try {
    checkpoint();
  } catch (err) {
    // SQLITE_BUSY past the timeout, a disk error: say so, and try again on the next tick
    parentPort.postMessage({ error: String(err) });
  }
}, intervalMs);

parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
