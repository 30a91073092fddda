// What one run of real server processes needs of its own (the chaos suite, the soak, the benches):
// a fresh PostgreSQL database, created and dropped with its connections, and a set of secrets.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Secrets every instance of one run shares (tokens signed by one are accepted by the other); a
 * PUSHER_APP_KEY of its own also gives the run its own Redis topic. */
export function runSecrets() {
  return {
    APP_SECRET: randomBytes(24).toString('hex'),
    PUSHER_APP_KEY: `k-${randomBytes(6).toString('hex')}`,
    PUSHER_APP_SECRET: randomBytes(24).toString('hex'),
    OAUTH_CLIENT_SECRET: randomBytes(24).toString('hex'),
  };
}

/** A fresh database, named `{prefix}_{random}`, on the server `adminUrl` names (any database on it). */
export interface FreshPgDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** Creates a fresh PostgreSQL database; `drop` removes it, forcing its connections closed. */
export async function createPgDatabase(adminUrl: string, prefix: string): Promise<FreshPgDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = async (query: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(query);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
