// The server's SQLite WAL checkpoints run on a worker thread (db/checkpointer.ts): the writer never
// checkpoints inside a COMMIT, the worker copies the WAL into the database file and restarts a long
// WAL, closing the database stops it, and should the thread fail the writer checkpoints again itself.
import { existsSync, mkdtempSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/database.ts';
import { sqliteHandle } from '../../src/server/db/hot/sqlite-handle.ts';
import { startCheckpointer, WRITER_AUTOCHECKPOINT, type CheckpointOptions } from '../../src/server/db/checkpointer.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const freshFile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'la-checkpoint-'));
  dirs.push(dir);
  return join(dir, 'site.db');
};
const size = (file: string) => (existsSync(file) ? statSync(file).size : 0);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, ms = 5000): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(20)) if (check()) return true;
  return check();
}

/** Writes `transactions` commits of `pages` new pages each (4 KB rows) through the writer. */
async function write(database: Database, transactions: number, pages: number) {
  const writer = sqliteHandle(database.db)!.writer;
  writer.exec('create table if not exists filler (id integer primary key, data blob)');
  const insert = writer.prepare('insert into filler (data) values (randomblob(4000))');
  for (let t = 0; t < transactions; t++) {
    writer.transaction(() => {
      for (let p = 0; p < pages; p++) insert.run();
    })();
    await sleep(2); // the event loop turns between commits, as between the server's batches
  }
}

/** Runs `body` on a fresh database file whose checkpoints run in the background, then closes it. */
async function withCheckpointer(
  options: CheckpointOptions,
  body: (database: Database, file: string) => Promise<void>,
): Promise<void> {
  const file = freshFile();
  const database = openDatabase({ kind: 'sqlite', file }, { backgroundCheckpoints: options });
  try {
    await body(database, file);
  } finally {
    await database.close();
  }
}

describe('background WAL checkpoints', () => {
  it('the writer never checkpoints; the worker copies the WAL into the database file', async () => {
    await withCheckpointer({ intervalMs: 20, restartFrames: 1e9 }, async (database, file) => {
      expect(sqliteHandle(database.db)!.writer.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
      await write(database, 10, 50); // ~2 MB: far below the writer's own threshold (~40 MB)
      expect(await until(() => size(file) > 2_000_000)).toBe(true);
    });
  });

  it('restarts a long WAL, so the WAL file stops growing while the writes go on', async () => {
    await withCheckpointer({ intervalMs: 10, restartFrames: 200 }, async (database, file) => {
      await write(database, 100, 50); // ~20 MB through the WAL
      expect(size(file)).toBeGreaterThan(15_000_000); // all of it reached the database file
      // without restarts the WAL holds all ~20 MB; with them it is reused from its start. How far the
      // writer gets ahead of the worker between two restarts depends on the machine: ~4 MB when quiet,
      // 10.7 MB seen with two other suites on the 2 cores
      expect(size(`${file}-wal`)).toBeLessThan(12_000_000);
    });
  });

  it('a reader holding an old snapshot does not hold the writer up behind a RESTART', async () => {
    await withCheckpointer({ intervalMs: 10, restartFrames: 50 }, async (database, file) => {
      await write(database, 2, 10);
      const reader = new SQLite(file, { readonly: true }); // another process's long read, a backup
      reader.exec('begin');
      reader.prepare('select count(*) from filler').get(); // its snapshot: the WAL cannot restart under it
      try {
        let slowest = 0;
        for (let t = 0; t < 20; t++) {
          const started = Date.now();
          await write(database, 1, 10);
          slowest = Math.max(slowest, Date.now() - started);
        }
        expect(slowest).toBeLessThan(1000); // the RESTART never waits (it held the writer 5 s with busy_timeout)
      } finally {
        reader.exec('commit');
        reader.close();
      }
    });
  });

  it('closing the database stops the thread and closes its connection: no WAL is left behind', async () => {
    const file = freshFile();
    const database = openDatabase(
      { kind: 'sqlite', file },
      { backgroundCheckpoints: { intervalMs: 10, restartFrames: 1e9 } },
    );
    await write(database, 5, 10);
    await database.close();
    expect(existsSync(`${file}-wal`)).toBe(false); // SQLite removes it when the LAST connection closes
  });

  it('if the thread fails, the writer checkpoints by itself again', async () => {
    const file = freshFile();
    const writer = new SQLite(file);
    writer.pragma('journal_mode = WAL');
    unlinkSync(file); // the worker cannot open it
    const errors: string[] = [];
    const checkpointer = startCheckpointer(writer, {
      intervalMs: 10,
      restartFrames: 1e9,
      onError: (m) => errors.push(m),
    });
    try {
      expect(await until(() => writer.pragma('wal_autocheckpoint', { simple: true }) === WRITER_AUTOCHECKPOINT)).toBe(
        true,
      );
      expect(errors.join()).toMatch(/unable to open|SQLITE_CANTOPEN|does not exist/i);
    } finally {
      await checkpointer.stop();
      writer.close();
    }
  });
});
