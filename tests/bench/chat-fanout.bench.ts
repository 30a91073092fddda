// Chat fan-out (issue 29): one POST /api/chat to 2,000 Pusher-protocol subscribers of `chat` (raw
// WebSockets, not pusher-js, so that the load generator is not the bottleneck), delivery p50/p99 from
// the moment the POST is sent, over several messages. Run twice on a fresh PostgreSQL database: one
// server process (src/server/main.ts) holding every subscriber, then two processes sharing Redis with
// 1,000 subscribers each and the POST sent to the first (the second's subscribers are reached through
// Redis pub/sub). Everything shares this machine's 2 cores: the figures say what a message costs, not
// what separate machines would do.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { openDatabase } from '../../src/server/db/database.ts';
import { CHAT_CHANNEL, CHAT_MESSAGE_EVENT } from '../../src/shared/api/chat.ts';
import { Instance, freePort, instanceEnv, privateRedisUrl } from '../chaos/instances.ts';
import { createPgDatabase, runSecrets } from '../helpers/run-resources.ts';
import { createPlayer } from '../helpers/users.ts';
import { percentile } from './helpers.ts';

const SUBSCRIBERS = 2000;
const MESSAGES = 10; // one player each: a player may post once every 2 s

/** A raw Pusher-protocol subscriber of `chat` that stamps when each chat message arrives. */
function subscriber(port: number, key: string, arrived: (at: number) => void): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${key}?protocol=7&client=bench&version=8.4.0`);
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.on('message', (raw) => {
      const text = String(raw);
      if (text.includes(CHAT_MESSAGE_EVENT)) return arrived(performance.now()); // the hot path: no parse
      const frame = JSON.parse(text) as { event: string };
      if (frame.event === 'pusher:connection_established')
        ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: CHAT_CHANNEL } }));
      if (frame.event === 'pusher_internal:subscription_succeeded') resolve(ws);
    });
  });
}

const ms = (v: number) => Number(v.toFixed(1));

/** `instances` processes on one fresh database (Redis between them when more than one). */
async function fanout(instances: number): Promise<Record<string, number>> {
  const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const database = await createPgDatabase(adminUrl, 'la_bench_chat');
  const secrets = runSecrets();
  const env = instanceEnv({
    ...secrets,
    DATABASE_URL: database.url,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'la-bench-chat-')),
    WS_MAX_CONNECTIONS_PER_IP: '0', // every subscriber is on loopback
    ...(instances > 1 ? { REDIS_URL: privateRedisUrl(redisUrl) } : {}),
  });
  const servers: Instance[] = [];
  const sockets: WebSocket[] = [];
  try {
    for (let i = 0; i < instances; i++) {
      const s = new Instance(`i${i + 1}`, await freePort(), env);
      await s.start(); // one after the other: the first migrates and seeds
      servers.push(s);
    }
    const db = openDatabase({ kind: 'postgres', url: database.url });
    const players = [];
    for (let i = 0; i < MESSAGES; i++)
      players.push(await createPlayer(db.db, secrets.APP_SECRET, { name: `Chatter ${i}` }));
    await db.close();

    let t0 = 0;
    let got: number[][] = servers.map(() => []);
    let onAll: (() => void) | null = null;
    const started = performance.now();
    for (let i = 0; i < SUBSCRIBERS; i += 250) {
      await Promise.all(
        Array.from({ length: 250 }, async (_, j) => {
          const at = (i + j) % instances;
          const ws = await subscriber(servers[at]!.port, secrets.PUSHER_APP_KEY, (now) => {
            got[at]!.push(now - t0);
            if (got.reduce((n, g) => n + g.length, 0) === SUBSCRIBERS) onAll?.();
          });
          sockets.push(ws);
        }),
      );
    }
    const subscribeMs = performance.now() - started;

    const all: number[] = [];
    const posting: number[] = [];
    const other: number[] = [];
    const posts: number[] = [];
    let missed = 0;
    for (const p of players) {
      got = servers.map(() => []);
      const done = new Promise<void>((r) => (onAll = r));
      t0 = performance.now();
      const res = await fetch(`${servers[0]!.url}/api/chat`, {
        method: 'POST',
        headers: { ...p.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'gg, that drop!' }),
      });
      posts.push(performance.now() - t0);
      if (res.status !== 201) throw new Error(`POST /api/chat: ${res.status} ${await res.text()}`);
      await Promise.race([done, new Promise((r) => setTimeout(r, 10_000))]);
      const every = got.flat();
      missed += SUBSCRIBERS - every.length;
      all.push(...every);
      posting.push(...got[0]!);
      other.push(...got.slice(1).flat());
      await new Promise((r) => setTimeout(r, 200)); // let the sockets drain between messages
    }
    return {
      subscribers: SUBSCRIBERS,
      messages: MESSAGES,
      subscribe_all_ms: Math.round(subscribeMs),
      post_p50_ms: ms(percentile(posts, 50)),
      delivery_p50_ms: ms(percentile(all, 50)),
      delivery_p99_ms: ms(percentile(all, 99)),
      ...(instances > 1
        ? {
            posting_instance_p50_ms: ms(percentile(posting, 50)),
            posting_instance_p99_ms: ms(percentile(posting, 99)),
            other_instance_p50_ms: ms(percentile(other, 50)),
            other_instance_p99_ms: ms(percentile(other, 99)),
          }
        : {}),
      missed_deliveries: missed,
    };
  } finally {
    for (const ws of sockets) ws.terminate();
    for (const s of servers) await s.stop();
    await database.drop();
  }
}

/** One instance, then two over Redis. */
export async function chatFanoutBench(): Promise<Record<string, number>> {
  const one = await fanout(1);
  const two = await fanout(2);
  return {
    ...Object.fromEntries(Object.entries(one).map(([k, v]) => [`one_${k}`, v])),
    ...Object.fromEntries(Object.entries(two).map(([k, v]) => [`cluster_${k}`, v])),
  };
}
