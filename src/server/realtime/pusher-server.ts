// An embedded Pusher-protocol (v7) channel server on the app's HTTP server, enough for pusher-js 8:
// connection_established, public and private channels (HMAC auth), ping/pong, idle timeouts, and
// quotas: channels per connection and connections per address (error 4100 "over quota"), and a socket
// with no channel for idleUnsubscribedMs is closed (4202). Upgrades only for /app/{key}.
import { randomInt } from 'node:crypto';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { ChannelEvent, LocalPublisher } from './publisher.ts';
import { validChannelAuth } from './pusher-auth.ts';

/** Options of the channel server. */
export interface PusherServerOptions {
  key: string; // app key in /app/{key}
  secret: string; // channel-auth HMAC key
  activityTimeoutSeconds?: number; // told to clients; they ping after this much silence (default 120)
  pongTimeoutMs?: number; // a silent client is dropped this long after the activity timeout (default 30 s)
  maxPayloadBytes?: number; // largest client frame (default 10 KB, as Pusher)
  maxSubscriptions?: number; // channels one connection may join (default 50)
  maxConnectionsPerAddress?: number; // open connections per client address, 0 = no cap (default 50)
  idleUnsubscribedMs?: number; // a connection with no channel this long is closed (default 30 s)
  clientAddress?: (req: IncomingMessage) => string; // who the client is (default: the TCP peer)
}

/** Pusher protocol close/error codes used here. */
export const OVER_QUOTA = 4100;
export const CLOSED_AFTER_INACTIVITY = 4202;

/** One connected client. */
interface Client {
  ws: WebSocket;
  socketId: string; // "1234.5678"
  channels: Set<string>;
  lastSeen: number; // epoch ms of the last frame from the client
  address: string;
  bareSince: number | null; // epoch ms since when it has no channel; null while subscribed
}

const channelName = /^[A-Za-z0-9_\-=@,.;]{1,164}$/;

/** The running channel server. */
export class PusherServer {
  private readonly wss: WebSocketServer;
  private readonly clients = new Set<Client>();
  private readonly channels = new Map<string, Set<Client>>();
  private readonly perAddress = new Map<string, number>();
  private readonly unsubscribe: () => void;
  private readonly sweeper: NodeJS.Timeout;
  private readonly activity: number;
  private readonly pongTimeoutMs: number;
  private readonly maxSubscriptions: number;
  private readonly maxPerAddress: number;
  private readonly idleUnsubscribedMs: number;
  private readonly onUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

  constructor(
    private readonly server: HttpServer,
    publisher: LocalPublisher,
    private readonly opts: PusherServerOptions,
  ) {
    this.activity = opts.activityTimeoutSeconds ?? 120;
    this.pongTimeoutMs = opts.pongTimeoutMs ?? 30_000;
    this.maxSubscriptions = opts.maxSubscriptions ?? 50;
    this.maxPerAddress = opts.maxConnectionsPerAddress ?? 50;
    this.idleUnsubscribedMs = opts.idleUnsubscribedMs ?? 30_000;
    this.wss = new WebSocketServer({ noServer: true, maxPayload: opts.maxPayloadBytes ?? 10_240 });
    this.onUpgrade = (req, socket, head) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (!url.pathname.startsWith('/app/')) return; // socket.io and others handle their own paths
      const address = opts.clientAddress?.(req) ?? req.socket.remoteAddress ?? 'unknown';
      this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, url, address));
    };
    server.on('upgrade', this.onUpgrade);
    this.unsubscribe = publisher.subscribe((e) => {
      if (!this.onFanOut || !this.channels.has(e.channel)) return void this.broadcast(e); // nobody to reach: nothing to time
      const started = performance.now();
      this.broadcast(e);
      this.onFanOut((performance.now() - started) / 1000);
    });
    const tick = Math.min(10_000, Math.max(50, Math.min(this.pongTimeoutMs, this.idleUnsubscribedMs) / 2));
    this.sweeper = setInterval(() => this.sweep(Date.now()), tick).unref();
  }

  /** Number of connected clients. */
  get size(): number {
    return this.clients.size;
  }

  private accept(ws: WebSocket, url: URL, address: string): void {
    const key = url.pathname.slice('/app/'.length);
    if (key !== this.opts.key) {
      this.send(ws, 'pusher:error', { code: 4001, message: 'App key not in use' });
      ws.close(4001, 'App key not in use');
      return;
    }
    const protocol = Number(url.searchParams.get('protocol') ?? '7');
    if (!(protocol >= 5 && protocol <= 7)) {
      this.send(ws, 'pusher:error', { code: 4007, message: 'Unsupported protocol version' });
      ws.close(4007, 'Unsupported protocol version');
      return;
    }
    const open = this.perAddress.get(address) ?? 0;
    if (this.maxPerAddress > 0 && open >= this.maxPerAddress) {
      const message = `Over quota: at most ${this.maxPerAddress} connections per address`;
      this.send(ws, 'pusher:error', { code: OVER_QUOTA, message });
      ws.close(OVER_QUOTA, 'Over quota');
      return;
    }
    const now = Date.now();
    const client: Client = {
      ws,
      socketId: `${randomInt(1, 2 ** 47)}.${randomInt(1, 2 ** 47)}`,
      channels: new Set(),
      lastSeen: now,
      address,
      bareSince: now,
    };
    this.clients.add(client);
    this.perAddress.set(address, open + 1);
    ws.on('message', (raw, isBinary) => this.onMessage(client, isBinary ? null : raw.toString()));
    ws.on('close', () => this.drop(client));
    ws.on('error', () => this.drop(client));
    this.send(ws, 'pusher:connection_established', { socket_id: client.socketId, activity_timeout: this.activity });
  }

  private onMessage(client: Client, text: string | null): void {
    client.lastSeen = Date.now();
    let msg: { event?: unknown; data?: unknown; channel?: unknown };
    try {
      msg = text === null ? {} : (JSON.parse(text) as typeof msg);
    } catch {
      msg = {};
    }
    if (typeof msg !== 'object' || msg === null || typeof msg.event !== 'string') {
      this.send(client.ws, 'pusher:error', { code: null, message: 'Invalid message' });
      return;
    }
    const data = (typeof msg.data === 'string' ? safeParse(msg.data) : msg.data) as
      { channel?: unknown; auth?: unknown } | undefined;
    switch (msg.event) {
      case 'pusher:ping':
        this.send(client.ws, 'pusher:pong', {});
        return;
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        this.subscribe(client, data?.channel, data?.auth);
        return;
      case 'pusher:unsubscribe':
        if (typeof data?.channel === 'string') this.leave(client, data.channel);
        return;
      default:
        // Client events (client-*) need presence/private rules we do not offer: refuse them.
        this.send(client.ws, 'pusher:error', {
          code: null,
          message: `Event ${msg.event.slice(0, 64)} is not supported`,
        });
    }
  }

  private subscribe(client: Client, channel: unknown, auth: unknown): void {
    if (typeof channel !== 'string' || !channelName.test(channel)) {
      this.send(client.ws, 'pusher:error', { code: null, message: 'Invalid channel name' });
      return;
    }
    const error = (status: number, message: string) =>
      this.send(client.ws, 'pusher:subscription_error', { type: 'AuthError', error: message, status }, channel);
    if (channel.startsWith('presence-')) return error(403, 'Presence channels are not supported');
    if (
      channel.startsWith('private-') &&
      !validChannelAuth(this.opts.key, this.opts.secret, client.socketId, channel, auth)
    ) {
      return error(401, 'Invalid signature');
    }
    if (!client.channels.has(channel) && client.channels.size >= this.maxSubscriptions) {
      const message = `Over quota: at most ${this.maxSubscriptions} channels per connection`;
      this.send(client.ws, 'pusher:error', { code: OVER_QUOTA, message });
      return error(429, message);
    }
    client.channels.add(channel);
    client.bareSince = null;
    let set = this.channels.get(channel);
    if (!set) this.channels.set(channel, (set = new Set()));
    set.add(client);
    this.send(client.ws, 'pusher_internal:subscription_succeeded', {}, channel);
  }

  private leave(client: Client, channel: string): void {
    client.channels.delete(channel);
    if (client.channels.size === 0) client.bareSince ??= Date.now();
    const set = this.channels.get(channel);
    set?.delete(client);
    if (set && set.size === 0) this.channels.delete(channel);
  }

  private drop(client: Client): void {
    if (!this.clients.delete(client)) return;
    for (const ch of client.channels) this.leave(client, ch);
    const left = (this.perAddress.get(client.address) ?? 1) - 1;
    if (left > 0) this.perAddress.set(client.address, left);
    else this.perAddress.delete(client.address);
  }

  /** Told how long each published event took to reach its subscribers here (seconds; metrics). */
  onFanOut: ((seconds: number) => void) | null = null;

  /** Open connections, and subscriptions per kind of channel (a channel's name without its id). */
  stats(): { connections: number; subscriptions: Map<string, number> } {
    const subscriptions = new Map<string, number>();
    for (const [name, set] of this.channels) {
      const kind = name.replace(/[-.]?\d+$/, '');
      subscriptions.set(kind, (subscriptions.get(kind) ?? 0) + set.size);
    }
    return { connections: this.clients.size, subscriptions };
  }

  /** Sends a published event to every subscriber of its channel; returns how many got it. */
  broadcast(e: ChannelEvent): number {
    const set = this.channels.get(e.channel);
    if (!set) return 0;
    const frame = JSON.stringify({ event: e.event, channel: e.channel, data: JSON.stringify(e.data) });
    for (const c of set) if (c.ws.readyState === c.ws.OPEN) c.ws.send(frame);
    return set.size;
  }

  /** Pings clients silent for the activity timeout; drops those silent past it plus the pong timeout,
   * and those without any channel for idleUnsubscribedMs. */
  private sweep(now: number): void {
    for (const c of this.clients) {
      const idle = now - c.lastSeen;
      if (c.bareSince !== null && now - c.bareSince >= this.idleUnsubscribedMs) {
        c.ws.close(CLOSED_AFTER_INACTIVITY, 'Closed after inactivity: no channel subscribed');
        this.drop(c);
      } else if (idle > this.activity * 1000 + this.pongTimeoutMs) {
        c.ws.close(4201, 'Pong reply not received');
        c.ws.terminate();
        this.drop(c);
      } else if (idle > this.activity * 1000) this.send(c.ws, 'pusher:ping', {});
    }
  }

  private send(ws: WebSocket, event: string, data: unknown, channel?: string): void {
    if (ws.readyState !== ws.OPEN) return;
    ws.send(
      JSON.stringify(channel ? { event, channel, data: JSON.stringify(data) } : { event, data: JSON.stringify(data) }),
    );
  }

  /** Closes every connection and stops taking upgrades. */
  async close(): Promise<void> {
    this.unsubscribe();
    clearInterval(this.sweeper);
    this.server.off('upgrade', this.onUpgrade);
    for (const c of this.clients) c.ws.terminate();
    this.clients.clear();
    this.channels.clear();
    this.perAddress.clear();
    await new Promise<void>((r) => this.wss.close(() => r()));
  }
}

function safeParse(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}
