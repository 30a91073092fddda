// Builds the client when dist/ is missing or older than its sources (npm start and npm run bench).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const built = 'dist/client/index.html';
const sources = ['src/client', 'src/shared', 'assets', 'shaders', 'index.html', 'vite.config.ts', 'package.json'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((m, f) => Math.max(m, newest(join(path, f))), st.mtimeMs);
}

/** Runs `vite build` if needed; exits the process when the build fails. */
export function buildIfStale() {
  if (existsSync(built) && newest(built) >= Math.max(...sources.map(newest))) return;
  console.log('Building the client…');
  // a production build even when the caller runs with NODE_ENV=test (Vite would honour it)
  const env = { ...process.env };
  delete env.NODE_ENV;
  const r = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env,
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
