// Bench helpers: start processes on free ports, and drive HTTP load with autocannon.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

/** A process serving HTTP, and its base URL. */
export interface Served {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Spawns `args` with node; waits until it prints "running at URL" or "listening URL". */
export async function serve(args: string[], env: Record<string, string> = {}): Promise<Served> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: mkdtempSync(join(tmpdir(), 'la-bench-')), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /(?:running at|listening) (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
  return {
    url,
    child,
    stop: () =>
      new Promise((r) => {
        child.once('exit', () => r());
        child.kill('SIGTERM');
      }),
  };
}

/** Load figures of one autocannon run. */
export interface Load {
  rps: number; // mean requests per second
  p50: number; // ms
  p99: number; // ms
  errors: number; // non-2xx plus socket errors
}

/** Runs autocannon against `url` for `seconds` with `connections` concurrent connections. */
export async function load(url: string, opts: { seconds?: number; connections?: number; method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> } = {}): Promise<Load> {
  const r = await autocannon({
    url,
    duration: opts.seconds ?? 5,
    connections: opts.connections ?? 20,
    method: opts.method ?? 'GET',
    body: opts.body,
    headers: opts.headers,
  });
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.non2xx + r.errors };
}
