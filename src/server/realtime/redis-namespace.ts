// What an installation's keys and pub/sub channels in a shared Redis start with. The rounds'
// leader lock, the rate-limit counts and socket.io's adapter channels were named the same for every
// installation, so two sites (or two test runs, or a bench beside a cluster) on one Redis took each
// other's crash and wheel leadership, shared counts and heard each other's socket.io broadcasts. An
// installation is its database: instances of one site share it and so share the namespace.
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import type { Config } from '../config.ts';

/** "la:" and 12 hex digits of the database's identity (a PostgreSQL URL without its credentials or
 * query, or the SQLite file's absolute path). */
export function redisNamespace(database: Config['database']): string {
  let identity: string;
  if (database.kind === 'sqlite') identity = `sqlite:${resolve(database.file)}`;
  else {
    const url = new URL(database.url);
    identity = `postgres://${url.hostname}:${url.port || '5432'}${url.pathname}`;
  }
  return `la:${createHash('sha256').update(identity).digest('hex').slice(0, 12)}`;
}
