// The leak rule: over many rounds, record every socket message (two clients, plus clients joining
// mid-round) and every API response; no round's crash point or game hash appears anywhere before
// that round has ended.
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { attachRealtime, type Realtime } from '../../../src/server/realtime/attach.ts';
import { describeEachDb } from '../../helpers/test-db.ts';
import { crashRig, type CrashRig } from './crash-rig.ts';

const ROUNDS = 12;

interface Seen {
  source: string;
  text: string; // the JSON as received
  endedBefore: Set<number>; // rounds this observer knew to be ended when it got the message
}

describeEachDb('crash leak', (dialect) => {
  let rig: CrashRig;
  let realtime: Realtime;
  let url: string;
  const sockets: Socket[] = [];
  beforeEach(async () => {
    rig = await crashRig(dialect);
    await rig.t.fastify.listen({ port: 0, host: '127.0.0.1' });
    realtime = await attachRealtime(rig.t.fastify.server, rig.t.config);
    rig.t.fastify.rounds.attach(realtime.io);
    url = `http://127.0.0.1:${(rig.t.fastify.server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    await rig.loop.stop();
    await realtime.close();
    await rig.dispose();
  });

  /** A client recording every message, in order, with the rounds it had seen end by then. */
  function observer(name: string, seen: Seen[]): Promise<Socket> {
    const ended = new Set<number>();
    const s = connect(`${url}/crash`, { transports: ['websocket'], reconnection: false });
    sockets.push(s);
    s.onAny((event: string, payload: { id?: number; status?: string }) => {
      if (event === 'game' && payload.status === 'ended') ended.add(payload.id!); // the message that tells the end
      seen.push({ source: `${name} ${event}`, text: JSON.stringify(payload), endedBefore: new Set(ended) });
    });
    return new Promise((resolve, reject) => {
      s.on('connect', () => resolve(s));
      s.on('connect_error', reject);
    });
  }

  it(
    `nothing tells a round's crash point or hash before it ends (${ROUNDS} rounds)`,
    { timeout: 300_000 },
    async () => {
      const seen: Seen[] = [];
      const ended = async () =>
        new Set(
          (await rig.db.selectFrom('crash_rounds').select('id').where('status', '=', 'ended').execute()).map(
            (r) => r.id,
          ),
        );
      const api = async (name: string, res: Promise<{ body: string }>) => {
        const endedBefore = await ended(); // the fake clock stands still during the call
        seen.push({ source: `api ${name}`, text: (await res).body, endedBefore });
      };
      await observer('a', seen);
      await observer('b', seen);
      const [p, q, r] = [await rig.player(), await rig.player(), await rig.player()];
      rig.loop.start();
      for (let id = 1; id <= ROUNDS; id++) {
        await rig.until('starting', id, 100);
        await api('bet', rig.bet(p, { amount: 1 }));
        await api('bet', rig.bet(q, { amount: 1, auto_cashout: 1.3 }));
        await api('bet', rig.bet(r, { amount: 1, auto_cashout: 50 }));
        await api('current', rig.get('/api/crash/current'));
        // in progress, or already ended: a 1.00× round crashes in the step that starts it
        await rig.clock.advanceUntil(async () => {
          const round = await rig.latest();
          return Number(round?.id) === id && (round!.status === 'in_progress' || round!.status === 'ended');
        }, 100);
        await observer(`late${id}`, seen); // joins mid-round: gets the snapshot
        await api('current', rig.get('/api/crash/current'));
        await rig.clock.advance(1200);
        await api('close', rig.close(p));
        await api('current', rig.get('/api/crash/current'));
        await api('my-bets', rig.get('/api/crash/my-bets', q));
        await api('recent', rig.get('/api/crash/recent-games?limit=100'));
        await api('leaderboard', rig.get('/api/crash/leaderboard?period=all&sort=multiplier'));
        await api('fairness', rig.get('/api/crash/fairness'));
        await api('close', rig.close(q));
      }
      await rig.until('starting', ROUNDS + 1, 100); // the next round exists, its hash committed
      // every client has the last round's end before the check
      await new Promise<void>((resolve) => {
        const check = () =>
          seen.some((s) => s.source === 'a game' && s.text.includes(`"id":${ROUNDS},`) && s.text.includes('"ended"'))
            ? resolve()
            : setTimeout(check, 20);
        check();
      });
      const rounds = await rig.db.selectFrom('crash_rounds').select(['id', 'hash', 'crash_point_cents']).execute();
      expect(rounds.length).toBeGreaterThan(ROUNDS); // the next round (with its committed hash) exists too
      expect(seen.length).toBeGreaterThan(ROUNDS * 30);
      for (const s of seen) {
        const payload = JSON.parse(s.text) as unknown;
        for (const round of rounds) {
          if (s.endedBefore.has(round.id)) continue;
          expect(s.text, `${s.source} shows round ${round.id}'s hash before it ended`).not.toContain(round.hash);
        }
        // a crash_point (or hash) field only ever belongs to an ended round the observer knew of
        const check = (v: unknown): void => {
          if (Array.isArray(v)) return v.forEach(check);
          if (!v || typeof v !== 'object') return;
          const o = v as Record<string, unknown>;
          if ('crash_point' in o && o.crash_point !== null) {
            const id = Number(o.round_id ?? o.id); // a bet names its round; a round is its id
            expect(o.status === 'ended' || s.endedBefore.has(id), `${s.source}: crash_point of round ${id}`).toBe(true);
          }
          Object.values(o).forEach(check);
        };
        check(payload);
      }
      const gameEvents = seen.filter((s) => s.source.endsWith(' game')).map((s) => JSON.parse(s.text));
      for (const e of gameEvents) {
        if (e.status !== 'ended') expect(e).not.toHaveProperty('crash_point');
        if (e.status !== 'ended') expect(e).not.toHaveProperty('hash');
      }
      expect(gameEvents.filter((e) => e.status === 'ended').length).toBeGreaterThanOrEqual(ROUNDS);
    },
  );
});
