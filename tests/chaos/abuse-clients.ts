// Hostile clients over raw TCP for the abuse suite: a request whose body is streamed (with a length
// or chunked) with back-pressure, slow-loris connections, sockets opened and dropped by the
// thousand, and the parsing of what the server answered (status line, error body).
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

/** What a raw exchange got back. */
export interface Answer {
  status: number | null; // null: the server closed without answering
  body: string; // the response body as received (chunked framing left in)
  sent: number; // body bytes the client managed to write before it stopped
  ms: number;
}

/** Parses a raw HTTP answer's status and body. */
function parseAnswer(raw: string): { status: number | null; body: string } {
  const m = /^HTTP\/1\.1 (\d{3})/.exec(raw);
  const at = raw.indexOf('\r\n\r\n');
  return { status: m ? Number(m[1]) : null, body: at >= 0 ? raw.slice(at + 4) : '' };
}

/** The {message, msg} error body inside a raw answer's body (chunked or not), or null. */
export function errorShape(body: string): { message: string; msg: string } | null {
  const json = /\{[\s\S]*\}/.exec(body)?.[0];
  if (!json) return null;
  try {
    const v = JSON.parse(json) as { message?: unknown; msg?: unknown };
    return typeof v.message === 'string' && v.message.length > 0 && v.msg === v.message
      ? { message: v.message, msg: v.msg }
      : null;
  } catch {
    return null;
  }
}

/** True when an answer is a refusal the suite accepts: a 4xx in the spec's error shape, or a close. */
export function refusedCleanly(a: Answer): boolean {
  if (a.status === null) return true;
  if (a.status === 408) return true; // Node's own timeout answer (no body), then it closes
  return a.status >= 400 && a.status < 500 && errorShape(a.body) !== null;
}

/** Options of a streamed request. */
export interface StreamOptions {
  path: string;
  contentType: string;
  headers?: Record<string, string>;
  total: number; // body bytes to send
  body?: Buffer; // the exact body (then total is its length); else `total` bytes of "a"
  chunked?: boolean; // Transfer-Encoding: chunked instead of Content-Length
  untilClosed?: boolean; // keep sending after the answer (until the server closes or all is sent)
}

/** Sends a request with a `total`-byte body in 64 KB writes, waiting for drain; stops at the answer
 * (or, with untilClosed, at the close) and resolves when the socket is closed or the answer read. */
export function streamBody(port: number, o: StreamOptions): Promise<Answer> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect({ port, host: '127.0.0.1', noDelay: true });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let raw = '';
    let sent = 0;
    let answered = false;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve({ ...parseAnswer(raw), sent, ms: Date.now() - started });
    };
    const head = [
      `POST ${o.path} HTTP/1.1`,
      'Host: 127.0.0.1',
      `Content-Type: ${o.contentType}`,
      o.chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${o.total}`,
      ...Object.entries(o.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
      '',
      '',
    ].join('\r\n');
    const pump = () => {
      while (!socket.destroyed && sent < o.total && (o.untilClosed || !answered)) {
        const size = Math.min(chunk.length, o.total - sent);
        const part = o.body ? o.body.subarray(sent, sent + size) : chunk.subarray(0, size);
        sent += part.length;
        const frame = o.chunked
          ? Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')])
          : part;
        if (!socket.write(frame)) return void socket.once('drain', pump);
      }
      if (!socket.destroyed && sent >= o.total && o.chunked) socket.write('0\r\n\r\n');
    };
    socket.on('connect', () => {
      socket.write(head);
      pump();
    });
    socket.on('data', (d) => {
      raw += d.toString('latin1');
      answered = true;
      const { body } = parseAnswer(raw);
      // a complete small answer: a content-length body or the chunked terminator
      const len = /content-length: (\d+)/i.exec(raw);
      const complete = len ? Buffer.byteLength(body, 'latin1') >= Number(len[1]) : body.endsWith('0\r\n\r\n');
      if (complete && (!o.untilClosed || sent >= o.total)) finish();
    });
    socket.on('error', () => finish());
    socket.on('close', () => finish());
    socket.setTimeout(30_000, () => finish());
  });
}

/** POSTs a whole JSON (or `contentType`) body and resolves with the answer once complete or closed. */
export function post(
  port: number,
  path: string,
  body: string | Buffer,
  headers: Record<string, string> = {},
  contentType = 'application/json',
): Promise<Answer> {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body);
  return streamBody(port, { path, contentType, headers, total: bytes.length, body: bytes });
}

/** A slow-loris connection: writes `head`, then one byte of `rest` every `everyMs` until closed. */
export function slowLoris(port: number, head: string, rest: string, everyMs: number): Promise<Answer> {
  return new Promise((resolve) => {
    const started = Date.now();
    let raw = '';
    let i = 0;
    let timer: NodeJS.Timeout | undefined;
    const socket = connect({ port, host: '127.0.0.1', noDelay: true }, () => {
      socket.write(head);
      timer = setInterval(() => {
        if (!socket.destroyed && socket.writable) socket.write(rest[i++ % rest.length]!);
      }, everyMs);
    });
    socket.on('data', (d) => (raw += d.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ ...parseAnswer(raw), sent: i, ms: Date.now() - started });
    });
    socket.setTimeout(30_000, () => socket.destroy());
  });
}

/** The head of a WebSocket upgrade request for `path`. */
export function upgradeHead(path: string): string {
  return [
    `GET ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Upgrade: websocket',
    'Connection: Upgrade',
    `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
    'Sec-WebSocket-Version: 13',
    '',
    '',
  ].join('\r\n');
}

/** How one dropped socket went. */
export type DropOutcome = 'dropped' | 'upgraded-then-dropped' | 'refused' | 'error';

/** Ways to open and drop a socket. */
export type DropKind = 'tcp' | 'tcp-reset' | 'half-request' | 'pusher' | 'pusher-early' | 'socketio';

/** Opens one socket of `kind` and drops it (an upgrade is dropped on its 101, with a TCP reset for half of them). */
export function openAndDrop(port: number, kind: DropKind, pusherKey: string, n: number): Promise<DropOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    const end = (s: Socket, outcome: DropOutcome, reset = false) => {
      if (settled) return;
      settled = true;
      if (reset) s.resetAndDestroy();
      else s.destroy();
      resolve(outcome);
    };
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => end(socket, 'error'));
    socket.setTimeout(10_000, () => end(socket, 'error'));
    socket.on('connect', () => {
      if (kind === 'tcp') return end(socket, 'dropped');
      if (kind === 'tcp-reset') return end(socket, 'dropped', true);
      if (kind === 'half-request') {
        socket.write('POST /oauth/token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Le');
        return setImmediate(() => end(socket, 'dropped'));
      }
      const path = kind === 'socketio' ? '/socket.io/?EIO=4&transport=websocket' : `/app/${pusherKey}?protocol=7`;
      socket.write(upgradeHead(path));
      if (kind === 'pusher-early') return setImmediate(() => end(socket, 'dropped', n % 2 === 0));
      let raw = '';
      socket.on('data', (d) => {
        raw += d.toString('latin1');
        if (!raw.includes('\r\n\r\n')) return;
        if (!raw.startsWith('HTTP/1.1 101')) return end(socket, 'refused');
        // over the per-address cap the channel server accepts, then closes with 4100
        end(socket, raw.includes('4100') ? 'refused' : 'upgraded-then-dropped', n % 2 === 0);
      });
    });
    socket.on('close', () => end(socket, 'error'));
  });
}

/** Runs `count` tasks with at most `width` in flight. */
export async function inWaves<T>(count: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

/** Counts of each value. */
export function tally(values: readonly (string | number | null)[]): Record<string, number> {
  const t: Record<string, number> = {};
  for (const v of values) t[String(v)] = (t[String(v)] ?? 0) + 1;
  return t;
}
