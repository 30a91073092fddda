// transact(): group commit on SQLite (jobs share one transaction, each in a savepoint) and a
// plain transaction per job on PostgreSQL. Either way a job's writes commit or vanish alone.
// transactSync(): SQLite's synchronous jobs share a transaction without savepoints, and run again
// each in a savepoint only when one of them failed after writing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { transact, transactSync } from '../../src/server/db/transact.ts';
import { applyMoveIn } from '../../src/server/modules/wallet/ledger.ts';
import { createTestDatabase, describeEachDb, type TestDatabase } from '../helpers/test-db.ts';
import { createPlayer } from '../helpers/users.ts';

describeEachDb('transact', (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(() => database.drop());

  const balance = async (id: number) =>
    Number(
      (await database.db.selectFrom('users').select('balance_cents').where('id', '=', id).executeTakeFirstOrThrow())
        .balance_cents,
    );
  const keys = async (id: number) =>
    (await database.db.selectFrom('ledger').select('idempotency_key').where('user_id', '=', id).execute())
      .map((r) => r.idempotency_key)
      .sort();

  it('commits 40 concurrent jobs; a job that throws after writing and one refused for funds leave no trace and get their own errors', async () => {
    const p = await createPlayer(database.db, 's', { balanceCents: 1_000 });
    const now = Date.now();
    const jobs = Array.from({ length: 40 }, (_, i) =>
      transact(database, async (trx) => {
        const move = await applyMoveIn(trx, {
          userId: p.id,
          deltaCents: i === 7 ? -5_000 : -10,
          kind: 'bet',
          reference: null,
          idempotencyKey: `job:${i}`,
          now,
        });
        if (i === 13) throw new Error('job 13 failed after its debit');
        return move.balanceAfterCents;
      }),
    );
    const results = await Promise.allSettled(jobs);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(38);
    expect((results[7] as PromiseRejectedResult).reason.message).toBe('Insufficient balance.');
    expect((results[13] as PromiseRejectedResult).reason.message).toBe('job 13 failed after its debit');
    expect(await balance(p.id)).toBe(1_000 - 38 * 10);
    const expected = Array.from({ length: 40 }, (_, i) => i)
      .filter((i) => i !== 7 && i !== 13)
      .map((i) => `job:${i}`);
    expect(await keys(p.id)).toEqual([`test-fund:${p.id}`, ...expected].sort());
    // each job saw its own balance after its debit: 38 distinct values
    const seen = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(new Set(seen).size).toBe(38);
  });
});

describe('transact on SQLite', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterEach(() => database.drop());

  it('settles each job only after the shared COMMIT: another connection already sees the whole batch', async () => {
    const p = await createPlayer(database.db, 's', { balanceCents: 1_000 });
    const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(
      database.db,
    );
    const other = new SQLite(rows[0]!.file, { readonly: true });
    try {
      const seenByOther: number[] = [];
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          transact(database, (trx) =>
            applyMoveIn(trx, {
              userId: p.id,
              deltaCents: -1,
              kind: 'bet',
              reference: null,
              idempotencyKey: `c:${i}`,
              now: 1,
            }),
          ).then(() => {
            seenByOther.push(
              (other.prepare('select balance_cents from users where id = ?').get(p.id) as { balance_cents: number })
                .balance_cents,
            );
          }),
        ),
      );
      expect(seenByOther).toEqual(Array(10).fill(990));
    } finally {
      other.close();
    }
  });

  describe('synchronous jobs', () => {
    /** Queues `jobs` in one turn (so they share a batch); each inserts its key into a scratch table
     * unless it is refused before writing ('refuse') or fails after writing ('fail'). Counts runs. */
    async function batch(kinds: ('ok' | 'refuse' | 'fail' | 'lose' | 'kysely')[]) {
      await sql`create table if not exists scratch (k text primary key)`.execute(database.db);
      const runs = kinds.map(() => 0);
      const results = await Promise.allSettled(
        kinds.map((kind, i) =>
          kind === 'kysely' // an ordinary job: the batch runs in Kysely's transaction, sync jobs in savepoints
            ? transact(database, async (trx) => {
                runs[i]!++;
                await sql`insert into scratch (k) values (${`job ${i}`})`.execute(trx);
                return i;
              })
            : transactSync(database, (sqlite) => {
                runs[i]!++;
                if (kind === 'refuse') throw new Error(`job ${i} refused`);
                if (kind === 'lose') {
                  sqlite.exec('rollback'); // as SQLite does itself after an I/O error or with a full disk
                  throw new Error(`job ${i} lost the transaction`);
                }
                sqlite.prepare('insert into scratch (k) values (?)').run(`job ${i}`);
                if (kind === 'fail') throw new Error(`job ${i} failed after writing`);
                return i;
              }),
        ),
      );
      const { rows } = await sql<{ k: string }>`select k from scratch order by k`.execute(database.db);
      return { runs, results, keys: rows.map((r) => r.k) };
    }
    const reason = (r: PromiseSettledResult<unknown>) => (r as PromiseRejectedResult).reason.message;

    it('run once without savepoints; a job refused before writing fails alone', async () => {
      const { runs, results, keys } = await batch(['ok', 'refuse', 'ok', 'ok']);
      expect(runs).toEqual([1, 1, 1, 1]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
      expect(reason(results[1]!)).toBe('job 1 refused');
      expect(keys).toEqual(['job 0', 'job 2', 'job 3']);
    });

    it('when SQLite rolled the whole transaction back, the batch fails and no later job commits on its own', async () => {
      const { results, keys } = await batch(['ok', 'lose', 'ok', 'ok']);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
      expect(reason(results[2]!)).toBe('job 1 lost the transaction');
      expect(keys).toEqual([]);
    });

    it('beside an ordinary job too: a lost transaction fails the whole batch, nothing commits', async () => {
      const { results, keys } = await batch(['ok', 'kysely', 'lose', 'ok']);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
      expect(reason(results[1]!)).toBe('job 2 lost the transaction');
      expect(keys).toEqual([]);
      expect((await batch(['kysely', 'ok'])).keys).toEqual(['job 0', 'job 1']); // the connection works on
    });

    it('a job that fails after writing sends the batch round again in savepoints: its write vanishes, the others commit once', async () => {
      const { runs, results, keys } = await batch(['ok', 'fail', 'refuse', 'ok']);
      expect(runs).toEqual([2, 2, 1, 1]); // the first round stopped at job 1 and was rolled back
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
      expect(reason(results[1]!)).toBe('job 1 failed after writing');
      expect(reason(results[2]!)).toBe('job 2 refused');
      expect(keys).toEqual(['job 0', 'job 3']);
    });
  });

  it('a transaction takes the write lock at BEGIN, so another process waits (busy_timeout) instead of failing mid-transaction', async () => {
    const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(
      database.db,
    );
    const other = new SQLite(rows[0]!.file, { timeout: 0 }); // another writer that does not wait
    try {
      let otherCouldWrite: boolean | null = null;
      await database.db.transaction().execute(async () => {
        try {
          other.exec('begin immediate');
          other.exec('rollback');
          otherCouldWrite = true;
        } catch (e) {
          expect((e as { code?: string }).code).toBe('SQLITE_BUSY');
          otherCouldWrite = false;
        }
      });
      expect(otherCouldWrite).toBe(false);
      other.exec('begin immediate'); // free again after COMMIT
      other.exec('rollback');
    } finally {
      other.close();
    }
  });
});
