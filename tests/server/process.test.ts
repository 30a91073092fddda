// The real entry point: starts on a free port with a fresh DATA_DIR, serves health, finishes a
// request in flight on SIGTERM and exits 0.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function waitForUrl(child: ReturnType<typeof spawn>): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no URL printed: ${out}`)), 60_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
}

describe('server process', () => {
  it('starts, migrates, seeds, serves and shuts down cleanly on SIGTERM', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.DATABASE_URL; // its own SQLite file in its own DATA_DIR, never a shared database or Redis
    delete env.REDIS_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'la-proc-')),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const url = await waitForUrl(child);
    const health = await fetch(`${url}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    // the printed address is on the host pages get as socket_url: a page opened elsewhere (localhost for
    // 127.0.0.1) has its round sockets blocked by Content-Security-Policy connect-src 'self'
    const config = (await (await fetch(`${url}/api/config`)).json()) as { socket_url: string };
    expect(new URL(url).hostname).toBe(new URL(config.socket_url).hostname);
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 90_000); // tsx, migrations and the seed take a while when the machine is busy
});
