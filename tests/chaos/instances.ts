// Real server processes for the resilience suite and the soak: `node --import tsx src/server/main.ts`
// on a fixed port (so a restart answers at the same URL), killed with SIGKILL and restarted, their RSS
// read from /proc (a run's own database and secrets: tests/helpers/run-resources.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });
}

/** One server process that can be killed and started again on the same port. */
export class Instance {
  private child: ChildProcess | null = null;
  alive = false; // true from "running at" until it is killed or exits
  starts = 0; // how many times it was started

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the process and resolves once it prints that it is running (migrations and seed done). */
  async start(timeoutMs = 90_000): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1', INSTANCE_ID: this.name },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.starts++;
    let out = '';
    const keep = (d: Buffer) => {
      out = (out + d.toString()).slice(-4000);
    };
    child.stderr!.on('data', keep);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.name} did not start: ${out}`)), timeoutMs);
      child.stdout!.on('data', (d: Buffer) => {
        keep(d);
        if (out.includes('running at')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`${this.name} exited (${code ?? signal}) while starting: ${out}`));
      });
    });
    child.stdout!.removeAllListeners('data');
    child.stdout!.resume();
    child.stderr!.resume();
    child.once('exit', () => {
      if (this.child === child) this.alive = false;
    });
    this.alive = true;
  }

  /** kill -9: no drain, no shutdown hook; resolves once the process is gone. */
  async kill(): Promise<void> {
    const child = this.child;
    this.alive = false;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((r) => {
      child.once('exit', () => r());
      child.kill('SIGKILL');
    });
  }

  /** A graceful stop (SIGTERM: drains, gives the loops' leads up). */
  async stop(): Promise<void> {
    const child = this.child;
    this.alive = false;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((r) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(timer);
        r();
      });
      child.kill('SIGTERM');
    });
  }

  /** Resident set size of the process in MB (Linux /proc), null when not running. */
  rssMb(): number | null {
    const pid = this.child?.pid;
    if (!pid || !this.alive) return null;
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      return m ? Number(m[1]) / 1024 : null;
    } catch {
      return null;
    }
  }
}

/** The environment every test instance shares: fast rounds and battles, cheap hashing, high rate limits. */
export function instanceEnv(extra: Record<string, string>): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    SCRYPT_LOG_N: '10',
    RATE_LIMIT_SCALE: '100000',
    CRASH_CHAIN_GAMES: '1000',
    BATTLE_ROUND_MS: '300',
    BATTLE_LEAD_MS: '100',
    ...extra,
  };
}

/** A Redis URL on a database index of its own (1–15): the round loops' leader keys and the rate
 * limits are not prefixed per installation, so two runs sharing database 0 would share them. */
export function privateRedisUrl(redisUrl: string): string {
  const url = new URL(redisUrl);
  url.pathname = `/${1 + (randomBytes(1)[0]! % 15)}`;
  return url.toString();
}
