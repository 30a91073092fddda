// Pusher-protocol clients for the abuse suite, written on `ws` rather than pusher-js so that they can
// send what pusher-js never would: a connection that records every frame and waits for one, and
// connections that do one hostile thing and report the close code the server answered with.
import { connect } from 'node:net';
import WebSocket from 'ws';
import { upgradeHead } from './abuse-clients.ts';

/** A parsed server frame. */
export interface Frame {
  event: string;
  channel?: string;
  data?: unknown; // a JSON string, as the protocol sends it
}

/** An established connection to the channel server. */
export interface PusherConn {
  ws: WebSocket;
  socketId: string;
  frames: Frame[]; // every frame received, in order
  /** The first frame matching `pred` among those not yet consumed (frames are taken in order, so a
   * frame that arrived before the call counts); rejects after `timeoutMs`. */
  next(pred: (f: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
}

/** Opens `path` on the server and resolves once pusher:connection_established arrived. */
export function pusherClient(port: number, path: string): Promise<PusherConn> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`);
  const frames: Frame[] = [];
  let cursor = 0; // frames before this index were consumed by `next`
  const waiters = new Set<() => void>();
  ws.on('message', (raw) => {
    frames.push(JSON.parse(String(raw)) as Frame);
    for (const w of [...waiters]) w();
  });
  const next = (pred: (f: Frame) => boolean, timeoutMs = 5000) =>
    new Promise<Frame>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(look);
        reject(new Error(`no matching frame in ${timeoutMs} ms`));
      }, timeoutMs);
      function look() {
        while (cursor < frames.length) {
          const f = frames[cursor++]!;
          if (!pred(f)) continue;
          clearTimeout(timer);
          waiters.delete(look);
          return resolve(f);
        }
      }
      waiters.add(look);
      look();
    });
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    next((f) => f.event === 'pusher:connection_established').then((f) => {
      const socketId = (JSON.parse(f.data as string) as { socket_id: string }).socket_id;
      resolve({ ws, socketId, frames, next });
    }, reject);
  });
}

/** Connects, does `act` on the first frame, and resolves with the close code the server sent. */
export function closeCodeAfter(port: number, path: string, act: (ws: WebSocket) => void): Promise<number> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`);
  ws.on('error', () => {});
  const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
  ws.once('message', () => act(ws));
  return closed;
}

/** Upgrades over raw TCP, writes `frame` as it is (e.g. unmasked), and resolves with the close code
 * of the server's close frame (1006 when it closed without one). */
export function rawFrameClose(port: number, path: string, frame: Buffer): Promise<number> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1', () => s.write(upgradeHead(path)));
    let buf = Buffer.alloc(0);
    let wrote = false;
    s.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      const body = buf.indexOf('\r\n\r\n');
      if (body < 0) return;
      if (!wrote) {
        wrote = true;
        s.write(frame);
      }
      const at = buf.indexOf(0x88, body + 4); // a close frame: 0x88, length, 2-byte code
      if (at >= 0 && buf.length >= at + 4) {
        resolve(buf.readUInt16BE(at + 2));
        s.destroy();
      }
    });
    s.on('error', () => {});
    s.on('close', () => resolve(1006));
  });
}
