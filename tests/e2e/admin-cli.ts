// The operator CLI (`npm run admin`, src/server/cli/admin.ts) run by a browser test against the e2e
// server's database: its `main` called in the Playwright worker, which is a process of its own beside
// the server, as an operator's `npm run admin` would be. Spawning `node --import tsx` per command cost
// 3–4 s (tsx compiling the server's modules each time); the worker compiles them once.
import { loadConfig } from '../../src/server/config.ts';
import { main } from '../../src/server/cli/admin.ts';

/** Runs `npm run admin -- ...args` on the e2e server's database; resolves to its stdout, rejects on a non-zero exit. */
export async function admin(...args: string[]): Promise<string> {
  let out = '';
  let err = '';
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: process.env.E2E_DATA_DIR! });
  const code = await main(args, config, { out: (t) => (out += t), err: (t) => (err += t) });
  if (code !== 0) throw new Error(`admin ${args[0]} exited ${code}: ${err}`);
  return out;
}
