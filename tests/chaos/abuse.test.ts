// Abuse inputs the API fuzz does not try (issue #18), against the real server as a process on SQLite
// over real sockets: 1 MB and 100 MB bodies, deeply nested JSON, slow-loris clients, 10,000 sockets
// opened and dropped, malformed Pusher-protocol frames and wrong signatures on every webhook. Each
// must get a 4xx in the spec's error shape {message, msg} or a closed connection, change no money,
// and leave the server responsive: /api/health is polled from another process during every attack.
//
// The health assertion: none of the polls may fail (error, non-200 or no answer in 2 s) and their
// median may exceed the median of a quiet second measured just before the attack by at most 100 ms.
// Not the p99 or the max, and not an absolute 100 ms: this machine has 2 cores shared with the
// attacking test, the prober and other jobs (load averages of 10+), so a single poll, or even a quiet
// one, can wait 100+ ms for a core whatever the server does; the median over the quiet baseline
// shows whether the attack itself slowed the server down. p50, p99 and max of both are printed.
import { createHash } from 'node:crypto';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedQuery } from '../../src/server/realtime/http-publisher.ts';
import { userChannel } from '../../src/server/realtime/publisher.ts';
import { channelAuth } from '../../src/server/realtime/pusher-auth.ts';
import { signBody, webhookSecret } from '../../src/server/modules/wallet/webhook.ts';
import {
  errorShape,
  inWaves,
  openAndDrop,
  post,
  refusedCleanly,
  slowLoris,
  streamBody,
  tally,
  upgradeHead,
  type Answer,
  type DropKind,
  type StreamOptions,
} from './abuse-clients.ts';
import {
  HEADERS_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS,
  TIMEOUT_CHECK_MS,
  healthLine,
  moneyState,
  openFds,
  peakRssMb,
  startRig,
  sustained,
  underProbe,
  type HealthFigures,
  type Rig,
} from './abuse-rig.ts';
import { closeCodeAfter, pusherClient, rawFrameClose } from './pusher-conn.ts';

const MB = 1024 * 1024;

describe('abuse: hostile clients against the real server (SQLite)', () => {
  let rig: Rig;
  let auth: Record<string, string>;
  const statuses: (number | null)[] = []; // every answer of every attack

  beforeAll(async () => {
    rig = await startRig();
    auth = { Authorization: rig.player.authorization };
  }, 60_000);
  afterAll(async () => {
    await rig?.close();
  });

  /** Prints the attack's health figures and checks the server stayed responsive. */
  function expectResponsive(attack: string, h: HealthFigures, quiet: HealthFigures): void {
    console.log(`[abuse] ${attack}: during the attack ${healthLine(h)}; quiet just before: ${healthLine(quiet)}`);
    expect(h.failures).toEqual([]);
    expect(h.polls).toBeGreaterThanOrEqual(3);
    expect(h.p50).toBeLessThanOrEqual(100 + quiet.p50);
    expect(rig.served.child.exitCode).toBeNull();
  }

  /** Checks every answer is a clean refusal and records it. */
  function expectRefused(answers: [string, Answer][]): void {
    for (const [name, a] of answers) {
      statuses.push(a.status);
      expect(refusedCleanly(a), `${name}: ${a.status} ${a.body.slice(0, 200)}`).toBe(true);
    }
  }

  it('1 MB and 100 MB bodies: 413 (or 400/415) in the error shape or a close, never 100 MB in memory', async () => {
    const before = await moneyState(rig.database.db);
    const rssBefore = peakRssMb(rig.pid);
    const json = 'application/json';
    const multipart = 'multipart/form-data; boundary=abuse';
    const cases: [string, StreamOptions][] = [
      ['1 MB JSON at the 1 MB default', { path: '/oauth/token', contentType: json, total: MB }],
      ['1 MB + 1 JSON over the default', { path: '/oauth/token', contentType: json, total: MB + 1 }],
      ['1 MB to a 4 KB route', { path: '/api/dice/bet', contentType: json, total: MB, headers: auth }],
      ['1 MB chunked, no length', { path: '/api/auth/register', contentType: json, total: MB + 1, chunked: true }],
      ['1 MB form', { path: '/broadcasting/auth', contentType: 'application/x-www-form-urlencoded', total: MB + 1 }],
      ['1 MB card webhook', { path: '/api/deposit/zen/webhook', contentType: json, total: MB }],
      ['1 MB events API', { path: `/apps/${rig.config.pusherAppId}/events`, contentType: json, total: MB }],
      ['100 MB declared', { path: '/oauth/token', contentType: json, total: 100 * MB }],
      ['100 MB chunked', { path: '/oauth/token', contentType: json, total: 100 * MB, chunked: true }],
      ['100 MB avatar', { path: '/api/profile/avatar', contentType: multipart, total: 100 * MB, headers: auth }],
      [
        '100 MB avatar, no token',
        { path: '/api/profile/avatar', contentType: multipart, total: 100 * MB, chunked: true },
      ],
      [
        '100 MB ticket',
        { path: '/api/support/tickets', contentType: multipart, total: 100 * MB, chunked: true, headers: auth },
      ],
      ['100 MB text/plain', { path: '/api/dice/bet', contentType: 'text/plain', total: 100 * MB, chunked: true }],
      [
        '100 MB, answer ignored',
        { path: '/oauth/token', contentType: json, total: 100 * MB, chunked: true, untilClosed: true },
      ],
    ];
    const round = () =>
      Promise.all(cases.map(async ([name, o]) => [name, await streamBody(rig.port, o)] as [string, Answer]));
    // One round alone for the memory figure (the sustained rounds after it add garbage between collections).
    const first = await round();
    const rssAfter = peakRssMb(rig.pid);
    const sustainedRun = await underProbe(rig.url, () => sustained(3000, round));
    const { health, quiet } = sustainedRun;
    const result = [...first, ...sustainedRun.result];
    console.log(
      `[abuse] bodies: ${result.length} requests (${cases.length} kinds, repeated for 3 s), server peak RSS ${rssBefore} → ${rssAfter} MB over the first round\n` +
        first
          .map(
            ([n, a]) =>
              `  ${n.padEnd(32)} ${String(a.status ?? 'closed').padEnd(6)} sent ${(a.sent / MB).toFixed(1)} MB in ${a.ms} ms`,
          )
          .join('\n'),
    );
    expectRefused(result);
    for (const [name, a] of result) if (a.status !== null) expect([400, 401, 413, 415], name).toContain(a.status);
    // without a token an upload is refused before its body is read (route.ts authenticates on request)
    const anonymous = result.filter(([n]) => n === '100 MB avatar, no token').map(([, a]) => a.status);
    expect(new Set(anonymous)).toEqual(new Set([401]));
    // The server read at most a route's limit of each body: over the first round (seven 100 MB bodies
    // at once) its peak memory grew far less than one of them.
    expect(rssAfter - rssBefore).toBeLessThan(64);
    expect(await moneyState(rig.database.db)).toBe(before);
    expectResponsive('bodies', health, quiet);
  }, 60_000);

  it('deeply nested JSON (100,000 levels) is refused with 400/413/422, no stack overflow', async () => {
    const before = await moneyState(rig.database.db);
    const arrays = (n: number) => '['.repeat(n) + ']'.repeat(n);
    const objects = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
    const proto = (n: number) => '{"a":'.repeat(n) + '{"__proto__":{"x":1}}' + '}'.repeat(n);
    const zen = webhookSecret(rig.config.secrets.appSecret, 'zen');
    const signedDeep = arrays(8000); // within the webhook's 16 KB, signed: it reaches the handler's own parse
    const eventsPath = `/apps/${rig.config.pusherAppId}/events`;
    const deepEvent = JSON.stringify({ name: 'deep', channel: 'abuse-deep', data: arrays(5000) });
    const eventsQuery = signedQuery(rig.pusher, 'POST', eventsPath, deepEvent, Math.floor(Date.now() / 1000));
    const cases: [string, string, string, Record<string, string>][] = [
      ['arrays 100k, token route', '/oauth/token', arrays(100_000), {}],
      ['arrays 100k, register', '/api/auth/register', arrays(100_000), {}],
      ['objects 100k', '/oauth/token', objects(100_000), {}],
      ['__proto__ 50k deep', '/api/auth/register', proto(50_000), {}],
      ['unterminated 500k', '/oauth/token', '['.repeat(500_000), {}],
      ['arrays 2k, dice with token', '/api/dice/bet', arrays(2000), auth],
      ['arrays 100k, dice with token', '/api/dice/bet', arrays(100_000), auth],
      ['object field 100k deep', '/api/auth/register', `{"email":${arrays(100_000)}}`, {}],
      ['signed webhook 8k deep', '/api/deposit/zen/webhook', signedDeep, { 'X-Signature': signBody(zen, signedDeep) }],
      ['signed event data 5k deep', `${eventsPath}?${eventsQuery}`, deepEvent, {}],
    ];
    const { result, health, quiet } = await underProbe(rig.url, () =>
      sustained(3000, () =>
        Promise.all(
          cases.flatMap(([name, path, body, headers]) =>
            // each five times at once
            Array.from(
              { length: 5 },
              async () => [name, await post(rig.port, path, body, headers)] as [string, Answer],
            ),
          ),
        ),
      ),
    );
    const byCase = cases.map(
      ([name]) =>
        `  ${name.padEnd(30)} ${JSON.stringify(tally(result.filter(([n]) => n === name).map(([, a]) => a.status)))}`,
    );
    console.log(
      `[abuse] nested JSON: ${result.length} requests (5 of each kind at once, repeated for 3 s)\n${byCase.join('\n')}`,
    );
    const accepted = result.filter(([n]) => n === 'signed event data 5k deep');
    // a signed event whose data is deep but within 10 KB is a valid event: published, 200
    for (const [, a] of accepted) expect(a.status).toBe(200);
    const refused = result.filter(([n]) => n !== 'signed event data 5k deep');
    expectRefused(refused);
    // a body over its route's own limit (dice: a few KB) is cut while the client is still sending it: the
    // 413 may arrive after the client's write failed, which it sees as a closed connection
    const overRouteLimit = new Set(['arrays 100k, dice with token']);
    for (const [name, a] of refused)
      expect(overRouteLimit.has(name) ? [413, null] : [400, 401, 413, 422], name).toContain(a.status);
    expect(await moneyState(rig.database.db)).toBe(before);
    expectResponsive('nested JSON', health, quiet);
  }, 60_000);

  it('slow-loris clients are cut by the headers and request timeouts', async () => {
    const headerCut = HEADERS_TIMEOUT_MS + TIMEOUT_CHECK_MS + 2000;
    const bodyCut = REQUEST_TIMEOUT_MS + TIMEOUT_CHECK_MS + 2000;
    const { result, health, quiet } = await underProbe(rig.url, () =>
      Promise.all([
        ...Array.from({ length: 200 }, async () => {
          const a = await slowLoris(rig.port, 'GET /api/health HTTP/1.1\r\nHost: x\r\n', 'X-Slow: abcdefgh\r\n', 100);
          return ['headers', a] as const;
        }),
        ...Array.from({ length: 50 }, async () => {
          const head = upgradeHead(`/app/${rig.config.secrets.pusherKey}?protocol=7`).replace(/\r\n\r\n$/, '\r\n');
          return ['upgrade headers', await slowLoris(rig.port, head, 'X-Slow: abcdefgh\r\n', 100)] as const;
        }),
        ...Array.from({ length: 50 }, async () => {
          const head =
            'POST /oauth/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n';
          return ['body', await slowLoris(rig.port, head, '{"grant_type":"password"', 100)] as const;
        }),
      ]),
    );
    const kinds = ['headers', 'upgrade headers', 'body'] as const;
    const lines = kinds.map((k) => {
      const mine = result.filter(([n]) => n === k).map(([, a]) => a);
      const worst = Math.max(...mine.map((a) => a.ms));
      return `  ${k.padEnd(16)} ${mine.length} connections, answers ${JSON.stringify(tally(mine.map((a) => a.status ?? 'closed')))}, cut after ≤ ${worst} ms`;
    });
    console.log(`[abuse] slow loris: ${result.length} connections\n${lines.join('\n')}`);
    for (const [kind, a] of result) {
      statuses.push(a.status);
      // closed without an answer, or 408 in the error shape (the server's clientErrorHandler)
      expect(
        a.status === null || (a.status === 408 && errorShape(a.body) !== null),
        `${kind}: ${a.status} ${a.body}`,
      ).toBe(true);
      expect(a.ms, kind).toBeLessThan(kind === 'body' ? bodyCut : headerCut);
    }
    expectResponsive('slow loris', health, quiet);
  }, 60_000);

  it('10,000 sockets opened and dropped (TCP, half requests, Pusher and socket.io upgrades) leave nothing behind', async () => {
    const key = rig.config.secrets.pusherKey;
    const fdsBefore = openFds(rig.pid);
    const kinds: DropKind[] = ['tcp', 'tcp-reset', 'half-request', 'pusher', 'pusher-early', 'socketio'];
    // 16 sockets in flight at a time. The server spends 0.15 ms (TCP) to 0.5 ms (socket.io upgrade) of
    // CPU per socket here, and handles every ready socket in each turn of its event loop, so a health
    // request waits about (sockets in flight × that) per turn it needs: 16 keeps the added wait in the
    // tens of ms; wider floods from the same 2 cores mostly measure which process gets the CPU.
    const started = Date.now();
    const { result, health, quiet } = await underProbe(rig.url, () =>
      inWaves(10_000, 16, (i) =>
        openAndDrop(rig.port, kinds[i % kinds.length]!, key, i).then((o) => [kinds[i % kinds.length]!, o] as const),
      ),
    );
    const ms = Date.now() - started;
    // The server lets go of every socket: its descriptors come back to where they were.
    let fdsAfter = openFds(rig.pid);
    for (let i = 0; i < 100 && fdsAfter > fdsBefore + 5; i++) {
      await new Promise((r) => setTimeout(r, 100));
      fdsAfter = openFds(rig.pid);
    }
    const lines = kinds.map(
      (k) => `  ${k.padEnd(13)} ${JSON.stringify(tally(result.filter(([n]) => n === k).map(([, o]) => o)))}`,
    );
    console.log(`[abuse] 10,000 sockets in ${ms} ms, server fds ${fdsBefore} → ${fdsAfter}\n${lines.join('\n')}`);
    expect(result).toHaveLength(10_000);
    expect(fdsAfter).toBeLessThanOrEqual(fdsBefore + 5);
    // The per-address connection counts came back to zero: a full quota of new clients is let in.
    const quota = rig.config.realtime.maxConnectionsPerIp;
    const fresh = await Promise.all(
      Array.from({ length: quota }, () => pusherClient(rig.port, `/app/${key}?protocol=7`)),
    );
    expect(fresh.every((c) => /^\d+\.\d+$/.test(c.socketId))).toBe(true);
    fresh.forEach((c) => c.ws.close());
    const opens = await Promise.all(
      Array.from({ length: quota }, () => {
        const io = new WebSocket(`ws://127.0.0.1:${rig.port}/socket.io/?EIO=4&transport=websocket`);
        return new Promise<string>((resolve, reject) => {
          io.once('message', (d) => resolve(String(d)));
          io.once('error', reject);
        }).finally(() => io.close());
      }),
    );
    expect(opens.every((o) => o.startsWith('0{'))).toBe(true); // engine.io's open packet, not a refusal
    expectResponsive('10,000 sockets', health, quiet);
  }, 90_000);

  it('malformed Pusher frames get pusher:error or a close; bad auth never subscribes', async () => {
    const key = rig.config.secrets.pusherKey;
    const path = `/app/${key}?protocol=7`;
    const own = userChannel(rig.player.id);
    const { result, health, quiet } = await underProbe(rig.url, async () => {
      const out: string[] = [];
      const c = await pusherClient(rig.port, path);
      const errors = async (frame: string | Buffer, binary = false) => {
        c.ws.send(frame, { binary });
        const reply = await c.next((m) => m.event === 'pusher:error' || m.event === 'pusher:subscription_error');
        out.push(`${String(frame).slice(0, 40)} → ${reply.event}`);
        return reply;
      };
      for (const frame of ['not json', '{}', 'null', '[]', '"text"', '{"event":5}', '{"event":{"a":1}}'])
        expect((await errors(frame)).event).toBe('pusher:error');
      expect((await errors('{"event":"pusher:nope","data":{}}')).event).toBe('pusher:error');
      expect((await errors('{"event":"client-hi","channel":"public","data":{}}')).event).toBe('pusher:error');
      expect((await errors(Buffer.from([0, 1, 2, 255]), true)).event).toBe('pusher:error');
      const sub = (channel: unknown, authValue?: unknown) =>
        JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth: authValue } });
      for (const bad of ['', 'a b', 'x'.repeat(200), { channel: 1 }, ['[]'], null])
        expect((await errors(sub(bad))).event).toBe('pusher:error');
      expect((await errors(JSON.stringify({ event: 'pusher:subscribe', data: '['.repeat(5000) }))).event).toBe(
        'pusher:error',
      );
      // private channel, bad auth: missing, garbage, wrong type, signed for another socket, another channel, another key
      const forged = [
        undefined,
        'garbage',
        12345,
        `${key}:${'0'.repeat(64)}`,
        channelAuth(key, rig.config.secrets.pusherSecret, '1.1', own),
        channelAuth(key, rig.config.secrets.pusherSecret, c.socketId, userChannel(rig.player.id + 1)),
        channelAuth('other', rig.config.secrets.pusherSecret, c.socketId, own),
        channelAuth(key, 'not-the-secret-at-all', c.socketId, own),
      ];
      for (const f of forged) {
        const r = await errors(sub(own, f));
        expect(r.event).toBe('pusher:subscription_error');
        expect(JSON.parse(r.data as string).status).toBe(401);
      }
      expect(JSON.parse((await errors(sub('presence-room'))).data as string).status).toBe(403);
      // a flood of garbage on one connection: bursts of 500 frames kept up for 2 s (long enough for the
      // prober's median on a fast machine, with a breath between bursts as a client's network gives);
      // each burst answered, then the connection still works
      let bursts = 0;
      const floodUntil = Date.now() + 2000;
      do {
        for (let i = 0; i < 500; i++) c.ws.send('{"event":');
        c.ws.send('{"event":"pusher:ping","data":{}}');
        await c.next((m) => m.event === 'pusher:pong');
        bursts++;
        await new Promise((r) => setTimeout(r, 50));
      } while (Date.now() < floodUntil);
      out.push(`${bursts} × 500 garbage frames, each burst then ping → pusher:pong`);
      // nothing reaches the private channel the forged auths asked for
      await publish(rig, own, 'secret-event', { x: 1 });
      await publish(rig, 'abuse-public', 'public-event', { x: 1 });
      c.ws.send(sub('abuse-public'));
      await c.next((m) => m.event === 'pusher_internal:subscription_succeeded');
      await publish(rig, 'abuse-public', 'public-event', { x: 2 });
      await c.next((m) => m.event === 'public-event');
      expect(c.frames.some((m) => m.event === 'secret-event')).toBe(false);
      c.ws.close();

      // frames that close the connection: too large (1009), invalid UTF-8 (1007), unmasked (1002), bad key/protocol
      const closes: [string, () => Promise<number>][] = [
        ['20 KB frame', () => closeCodeAfter(rig.port, path, (ws) => ws.send('x'.repeat(20_000)))],
        ['1 MB frame', () => closeCodeAfter(rig.port, path, (ws) => ws.send(Buffer.alloc(MB, 'x')))],
        [
          'invalid UTF-8',
          () => closeCodeAfter(rig.port, path, (ws) => ws.send(Buffer.from([0xc3, 0x28]), { binary: false })),
        ],
        ['unmasked frame', () => rawFrameClose(rig.port, path, Buffer.from([0x81, 0x02, 0x68, 0x69]))],
        ['wrong app key', () => closeCodeAfter(rig.port, '/app/wrong-key?protocol=7', () => {})],
        ['protocol 99', () => closeCodeAfter(rig.port, `/app/${key}?protocol=99`, () => {})],
      ];
      for (const [name, run] of closes) {
        const code = await run();
        out.push(`${name} → close ${code}`);
        expect([1002, 1006, 1007, 1009, 4001, 4007], name).toContain(code);
      }
      return out;
    });
    console.log(`[abuse] Pusher frames: ${result.length} probes\n${result.map((l) => `  ${l}`).join('\n')}`);
    expectResponsive('Pusher frames', health, quiet);
  }, 60_000);

  it('wrong signatures on every webhook: 401 in the error shape and nothing paid or published', async () => {
    const payments: Record<'zen' | 'skinsback', string> = { zen: '', skinsback: '' };
    for (const method of ['zen', 'skinsback'] as const) {
      const res = await fetch(`${rig.url}/api/deposit/${method}/redirect`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: 25, promocode: '' }),
      });
      expect(res.status).toBe(200);
      payments[method] = (await res.json()).redirect_url.split('/').pop();
    }
    const before = await moneyState(rig.database.db);
    const secret = (m: string) => webhookSecret(rig.config.secrets.appSecret, m);
    const eventsPath = `/apps/${rig.config.pusherAppId}/events`;
    const batchPath = `/apps/${rig.config.pusherAppId}/batch_events`;
    const event = JSON.stringify({ name: 'forged', channel: 'abuse-webhooks', data: '{"x":1}' });
    const now = Math.floor(Date.now() / 1000);
    const good = signedQuery(rig.pusher, 'POST', eventsPath, event, now);
    const md5 = createHash('md5').update(event).digest('hex');
    const listener = await pusherClient(rig.port, `/app/${rig.config.secrets.pusherKey}?protocol=7`);
    listener.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'abuse-webhooks' } }));
    await listener.next((m) => m.event === 'pusher_internal:subscription_succeeded');

    const { result, health, quiet } = await underProbe(rig.url, async () => {
      const out: [string, Answer][] = [];
      for (const method of ['zen', 'skinsback'] as const) {
        const other = method === 'zen' ? 'skinsback' : 'zen';
        const body = JSON.stringify({ payment_id: payments[method], status: 'paid', amount: '25.00' });
        const signatures: [string, Record<string, string>][] = [
          ['no signature', {}],
          ['empty', { 'X-Signature': '' }],
          ['not hex', { 'X-Signature': 'z'.repeat(64) }],
          ['63 hex', { 'X-Signature': signBody(secret(method), body).slice(1) }],
          ['zeros', { 'X-Signature': '0'.repeat(64) }],
          ['other body', { 'X-Signature': signBody(secret(method), body.replace('25.00', '2500.00')) }],
          ['other provider', { 'X-Signature': signBody(secret(other), body) }],
          ['app secret itself', { 'X-Signature': signBody(rig.config.secrets.appSecret, body) }],
          ['base64', { 'X-Signature': Buffer.from(signBody(secret(method), body), 'hex').toString('base64') }],
          ['sha256= prefix', { 'X-Signature': `sha256=${signBody(secret(method), body)}` }],
        ];
        for (const [name, headers] of signatures)
          out.push([`${method}: ${name}`, await post(rig.port, `/api/deposit/${method}/webhook`, body, headers)]);
        // and all of them 20 times at once, for a replay-like burst
        const burst = await Promise.all(
          Array.from({ length: 20 }, () =>
            Promise.all(
              signatures.map(([, headers]) => post(rig.port, `/api/deposit/${method}/webhook`, body, headers)),
            ),
          ),
        );
        burst.flat().forEach((a) => out.push([`${method}: burst`, a]));
      }
      const q = (over: Record<string, string>) => {
        const base = Object.fromEntries(new URLSearchParams(good));
        return new URLSearchParams({ ...base, ...over }).toString();
      };
      const forged: [string, string][] = [
        ['no query', eventsPath],
        ['wrong key', `${eventsPath}?${q({ auth_key: 'nope' })}`],
        ['version 2', `${eventsPath}?${q({ auth_version: '2.0' })}`],
        ['stale timestamp', `${eventsPath}?${signedQuery(rig.pusher, 'POST', eventsPath, event, now - 3600)}`],
        ['body md5 of another body', `${eventsPath}?${q({ body_md5: md5.replace(/^./, md5[0] === 'a' ? 'b' : 'a') })}`],
        ['zero signature', `${eventsPath}?${q({ auth_signature: '0'.repeat(64) })}`],
        ['signed for batch_events', `${eventsPath}?${signedQuery(rig.pusher, 'POST', batchPath, event, now)}`],
        [
          'signed with another secret',
          `${eventsPath}?${signedQuery({ key: rig.config.secrets.pusherKey, secret: 'x'.repeat(32) }, 'POST', eventsPath, event, now)}`,
        ],
        ['batch signed for events', `${batchPath}?${good}`],
        ['unknown app', `/apps/nope/events?${good}`],
      ];
      for (const [name, path] of forged) out.push([`events API: ${name}`, await post(rig.port, path, event)]);
      out.push([
        'channel auth without token',
        await post(
          rig.port,
          '/broadcasting/auth',
          JSON.stringify({ socket_id: '1.1', channel_name: userChannel(rig.player.id) }),
        ),
      ]);
      out.push([
        'channel auth for another user',
        await post(
          rig.port,
          '/broadcasting/auth',
          JSON.stringify({ socket_id: '1.1', channel_name: userChannel(rig.player.id + 1) }),
          auth,
        ),
      ]);
      return out;
    });
    console.log(
      `[abuse] webhooks: ${result.length} forged requests\n${result
        .filter(([n]) => !n.endsWith('burst'))
        .map(([n, a]) => `  ${n.padEnd(40)} ${a.status} ${errorShape(a.body)?.message ?? ''}`)
        .join('\n')}`,
    );
    expectRefused(result);
    for (const [name, a] of result) expect([401, 403, 404], name).toContain(a.status);
    expect(await moneyState(rig.database.db)).toBe(before);
    expect(listener.frames.some((m) => m.event === 'forged')).toBe(false);

    // The controls: the same calls correctly signed do pay and publish (so the refusals above are real).
    const body = JSON.stringify({ payment_id: payments.zen, status: 'paid', amount: '25.00' });
    const paid = await post(rig.port, '/api/deposit/zen/webhook', body, {
      'X-Signature': signBody(secret('zen'), body),
    });
    expect(paid.status).toBe(200);
    expect(await moneyState(rig.database.db)).not.toBe(before);
    expect((await post(rig.port, `${eventsPath}?${good}`, event)).status).toBe(200);
    await listener.next((m) => m.event === 'forged');
    listener.ws.close();
    expectResponsive('webhooks', health, quiet);
  }, 60_000);

  it('no attack got a 5xx', () => {
    console.log(`[abuse] all answers: ${JSON.stringify(tally(statuses))}`);
    expect(statuses.filter((s) => s !== null && s >= 500)).toEqual([]);
    expect(statuses.length).toBeGreaterThan(300);
  });
});

/** Publishes through the signed events API, as a trusted publisher does. */
async function publish(rig: Rig, channel: string, name: string, data: unknown): Promise<void> {
  const path = `/apps/${rig.config.pusherAppId}/events`;
  const body = JSON.stringify({ name, channel, data: JSON.stringify(data) });
  const query = signedQuery(rig.pusher, 'POST', path, body, Math.floor(Date.now() / 1000));
  const res = await post(rig.port, `${path}?${query}`, body);
  expect(res.status).toBe(200);
}
