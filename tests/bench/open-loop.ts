// Open-loop load: a fixed offered rate whatever the server answers, the way players arrive.
// One keep-alive connection per player (Authorization header); request k falls due at k / rate s
// and goes to player k mod players, so each player sends one every players / rate s and the whole
// one every 1 / rate s. A request that falls due while its player's previous one is unanswered
// waits on that connection, and its latency counts from when it fell due (no coordinated omission):
// the latency a player sees at that rate. autocannon's overallRate is not this: each connection
// sends its share of a second back to back at the start of the second, and its omission correction
// takes 1 / rate as whole ms (1 ms below 1,000 requests/s per connection), adding made-up samples.
// The connections write prepared requests on raw sockets and read answers by Content-Length (what
// Fastify sends): node:http cost this process 5 times autocannon's CPU per request, CPU the
// server shares on this machine.
import { connect, type Socket } from 'node:net';
import { percentile } from './helpers.ts';

/** Figures of one open-loop run (measured seconds only). */
export interface OpenLoop {
  offered_per_s: number;
  achieved_per_s: number; // 2xx answers received per measured second
  p50_ms: number; // of 2xx answers, from when each request fell due
  p99_ms: number;
  errors: number; // non-2xx answers and requests lost with a closed connection
  sender_lag_p99_ms: number; // how late this process's timer sent requests (its own share of the latency)
}

/** One player's keep-alive connection: sends its requests in order, one at a time. */
class PlayerConnection {
  private readonly socket: Socket;
  private readonly due: number[] = []; // when each queued request fell due; the first is in flight
  private pending: Buffer = Buffer.alloc(0);

  constructor(
    port: number,
    private readonly request: Buffer,
    private readonly answered: (due: number, status: number) => void,
    private readonly lost: (due: number) => void,
  ) {
    this.socket = connect(port, '127.0.0.1');
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk) => this.read(chunk));
    this.socket.on('error', () => {});
    this.socket.on('close', () => {
      for (const due of this.due.splice(0)) lost(due);
    });
  }

  send(due: number): void {
    if (this.socket.destroyed) return this.lost(due);
    this.due.push(due);
    if (this.due.length === 1) this.socket.write(this.request);
  }

  get idle(): boolean {
    return this.due.length === 0;
  }

  close(): void {
    this.socket.destroy();
  }

  private read(chunk: Buffer): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    for (;;) {
      const headEnd = this.pending.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const head = this.pending.toString('latin1', 0, headEnd);
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
      if (this.pending.length < headEnd + 4 + length) return;
      this.pending = this.pending.subarray(headEnd + 4 + length);
      this.answered(this.due.shift()!, Number(head.slice(9, 12)));
      if (this.due.length) this.socket.write(this.request);
    }
  }
}

/** Offers `rate` POSTs of `body` per second to `url` from one connection per authorization, for
 * `warmup` s (not measured: connections open, pools fill) and then `seconds` s. */
export async function openLoop(
  url: string,
  opts: { rate: number; seconds: number; warmup: number; authorizations: string[]; body: string },
): Promise<OpenLoop> {
  const { rate, authorizations, body } = opts;
  const target = new URL(url);
  const gap = 1000 / rate; // ms between requests, all players together
  const start = performance.now() + 20;
  const measureFrom = start + opts.warmup * 1000;
  const end = measureFrom + opts.seconds * 1000;
  const total = Math.round(rate * (opts.warmup + opts.seconds));
  const latencies: number[] = [];
  const lags: number[] = [];
  let answered = 0;
  let errors = 0;

  const onAnswer = (due: number, status: number) => {
    if (due < measureFrom) return;
    const at = performance.now();
    if (status < 200 || status >= 300) return void errors++;
    latencies.push(at - due);
    if (at <= end) answered++;
  };
  const players = authorizations.map(
    (authorization) =>
      new PlayerConnection(
        Number(target.port),
        Buffer.from(
          `POST ${target.pathname} HTTP/1.1\r\nhost: ${target.host}\r\nauthorization: ${authorization}\r\n` +
            `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
        ),
        onAnswer,
        (due) => {
          if (due >= measureFrom) errors++;
        },
      ),
  );

  let k = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      // timers fire late under load: send everything already due, each timed from when it fell due
      const now = performance.now();
      while (k < total && start + k * gap <= now) {
        const due = start + k * gap;
        if (due >= measureFrom) lags.push(now - due);
        players[k % players.length]!.send(due);
        k++;
      }
      if (k < total) setTimeout(tick, Math.max(0, start + k * gap - performance.now()));
      else done();
    };
    setTimeout(tick, start - performance.now());
  });
  // the last answers (or 30 s, then whatever is unanswered counts as lost)
  const deadline = performance.now() + 30_000;
  while (players.some((p) => !p.idle) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  for (const p of players) p.close();
  return {
    offered_per_s: rate,
    achieved_per_s: Math.round(answered / opts.seconds),
    p50_ms: latencies.length ? percentile(latencies, 50) : NaN,
    p99_ms: latencies.length ? percentile(latencies, 99) : NaN,
    errors,
    sender_lag_p99_ms: percentile(lags, 99),
  };
}
