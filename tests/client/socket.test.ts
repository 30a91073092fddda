// The client socket module against a real socket.io server started here (no mock): one shared
// socket per namespace, counted holders, spec §9 settings, the snapshot on connect, reconnection.
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireSocket, openSocketCount } from '../../src/client/lib/socket.ts';
import {
  crashGameEventSchema,
  wheelGameEventSchema,
  type CrashGameEvent,
  type WheelGameEvent,
} from '../../src/shared/api/rounds.ts';

let http: HttpServer;
let io: Server;
let origin: string;
const connects = { crash: 0, wheel: 0 };

beforeAll(async () => {
  http = createServer();
  io = new Server(http, { path: '/socket.io', serveClient: false });
  io.of('/crash').on('connection', (s) => {
    connects.crash++;
    // the snapshot a client gets on connect
    s.emit('game', { id: 7, status: 'starting', server_time: Date.now(), betting_ends_at: Date.now() + 5000 });
  });
  io.of('/wheel').on('connection', (s) => {
    connects.wheel++;
    s.emit('wheel:game', { id: 3, status: 'in_progress', server_time: Date.now() });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await io.close();
});

const until = async (ok: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('client socket module', () => {
  it('uses spec §9 settings: timeout 20000 ms, reconnection 1000–5000 ms, unlimited attempts', () => {
    const lease = acquireSocket('/crash', origin);
    const manager = lease.socket.io;
    expect(manager.timeout()).toBe(20_000);
    expect(manager.reconnection()).toBe(true);
    expect(manager.reconnectionDelay()).toBe(1_000);
    expect(manager.reconnectionDelayMax()).toBe(5_000);
    expect(manager.reconnectionAttempts()).toBe(Infinity);
    lease.release();
  });

  it('shares one socket per namespace between holders and receives the typed snapshot on connect', async () => {
    const before = connects.crash;
    const games: CrashGameEvent[] = [];
    const a = acquireSocket('/crash', origin);
    const b = acquireSocket('/crash', origin);
    expect(b.socket).toBe(a.socket);
    a.socket.on('game', (e) => games.push(crashGameEventSchema.parse(e)));
    await until(() => games.length === 1);
    expect(games[0]).toMatchObject({ id: 7, status: 'starting' });
    expect(connects.crash - before).toBe(1); // one connection for two holders

    const wheel = acquireSocket('/wheel', origin);
    expect(wheel.socket).not.toBe(a.socket);
    const spins: WheelGameEvent[] = [];
    wheel.socket.on('wheel:game', (e) => spins.push(wheelGameEventSchema.parse(e)));
    await until(() => spins.length === 1);
    expect(spins[0]).toMatchObject({ id: 3, status: 'in_progress' });
    expect(openSocketCount()).toBe(2);

    a.release();
    a.release(); // a second release of the same lease changes nothing
    expect(b.socket.connected).toBe(true);
    expect(openSocketCount()).toBe(2);
    b.release();
    expect(a.socket.connected).toBe(false);
    wheel.release();
    expect(openSocketCount()).toBe(0);
    await until(() => io.of('/crash').sockets.size === 0 && io.of('/wheel').sockets.size === 0);
  });

  it('reconnects by itself after the server drops the connection and gets a fresh snapshot', async () => {
    const lease = acquireSocket('/crash', origin);
    const games: CrashGameEvent[] = [];
    lease.socket.on('game', (e) => games.push(e));
    await until(() => games.length === 1);
    for (const s of io.of('/crash').sockets.values()) s.conn.close(); // a transport drop, not a kick
    await until(() => !lease.socket.connected);
    await until(() => games.length === 2 && lease.socket.connected); // after ≥ 1 s of reconnection delay
    lease.release();
    expect(openSocketCount()).toBe(0);
  });
});
