// Who runs a round loop: exactly one process per game. With REDIS_URL a Redis lock (SET NX PX,
// renewed by its holder, released only by it); on PostgreSQL without Redis an advisory lock held
// on a connection of its own (the database frees it when that process or connection dies); on
// SQLite the serving process. The loop calls hold() about every second: it takes or renews the lead.
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Redis } from 'ioredis';
import type { Database } from '../db/database.ts';
import type { Config } from '../config.ts';
import { redisNamespace } from '../realtime/redis-namespace.ts';

/** The lead of one game's loop. */
export interface Leadership {
  /** Takes the lead, or keeps it; resolves to whether this process leads now. */
  hold(): Promise<boolean>;
  /** Gives the lead up (another process can take it at once). */
  release(): Promise<void>;
}

/** SQLite: the one serving process always leads. */
export class LocalLeadership implements Leadership {
  async hold(): Promise<boolean> {
    return true;
  }
  async release(): Promise<void> {}
}

const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/** A Redis lock with a TTL: a holder that stops renewing loses it after ttlMs. */
export class RedisLeadership implements Leadership {
  private readonly token = randomBytes(16).toString('hex');
  private client: Promise<Redis> | null = null;

  constructor(
    private readonly url: string,
    private readonly key: string,
    private readonly ttlMs = 2500,
  ) {}

  private redis(): Promise<Redis> {
    this.client ??= import('ioredis').then(({ Redis }) => new Redis(this.url, { maxRetriesPerRequest: 1 }));
    return this.client;
  }

  async hold(): Promise<boolean> {
    try {
      const redis = await this.redis();
      const renewed = Number(await redis.eval(RENEW, 1, this.key, this.token, this.ttlMs));
      if (renewed === 1) return true;
      return (await redis.set(this.key, this.token, 'PX', this.ttlMs, 'NX')) === 'OK';
    } catch {
      return false; // Redis unreachable: do not lead (another process may hold a live lock)
    }
  }

  async release(): Promise<void> {
    if (!this.client) return;
    const redis = await this.client;
    await redis.eval(RELEASE, 1, this.key, this.token).catch(() => undefined);
    redis.disconnect();
    this.client = null;
  }

  /** Stops renewing without releasing, as a process that died would (tests). */
  async abandon(): Promise<void> {
    if (this.client) (await this.client).disconnect();
    this.client = null;
  }
}

export const LOCK_CLASS = 0x526e6473; // advisory lock class id of the round loops ("Rnds")

/** A PostgreSQL session advisory lock (per schema and game) on a connection of its own. */
export class PgLeadership implements Leadership {
  private client: pg.Client | null = null;
  private lost = false;

  constructor(
    private readonly database: Database,
    private readonly name: string,
  ) {}

  private pending: Promise<boolean> | null = null; // the hold() in flight: release() waits for it

  hold(): Promise<boolean> {
    this.pending ??= this.take().finally(() => (this.pending = null));
    return this.pending;
  }

  private async take(): Promise<boolean> {
    if (this.client && !this.lost) {
      try {
        await this.client.query('select 1');
        return true;
      } catch {
        await this.drop();
        return false;
      }
    }
    await this.drop();
    const client = this.database.sessionClient!();
    this.lost = false;
    client.on('error', () => void (this.lost = true)); // the connection died: the lock is gone with it
    try {
      await client.connect();
      const { rows } = await client.query<{ ok: boolean }>(
        `select pg_try_advisory_lock($1::int, hashtext(current_schema() || ':round:' || $2::text)) as ok`,
        [LOCK_CLASS, this.name],
      );
      if (rows[0]?.ok) {
        this.client = client;
        return true;
      }
    } catch {
      // unreachable database: not leading
    }
    await client.end().catch(() => undefined);
    return false;
  }

  async release(): Promise<void> {
    // a hold() still connecting would otherwise take the lock after this and keep it on a connection
    // nobody ends (a stopped loop, a test's schema reused with its lock still held)
    await this.pending?.catch(() => undefined);
    await this.drop(); // ending the session frees its advisory locks
  }

  private async drop(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (client) await client.end().catch(() => undefined);
  }
}

/** The leadership a game's loop uses on this configuration. */
export function leadershipFor(
  database: Database,
  config: Pick<Config, 'redisUrl' | 'database'>,
  game: string,
): Leadership {
  if (config.redisUrl) {
    const key = `${redisNamespace(config.database)}:rounds:leader:${database.schema ?? 'public'}:${game}`;
    return new RedisLeadership(config.redisUrl, key);
  }
  if (database.dialect === 'postgres') return new PgLeadership(database, game);
  return new LocalLeadership();
}
