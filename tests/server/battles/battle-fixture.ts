// Battle test fixture: an app over a seeded catalog whose battle runner runs on a manual clock,
// players, calls, balances, captured channel events and a helper that plays battles to the end.
import type { LightMyRequestResponse as Response } from 'fastify';
import type { Dialect } from '../../../src/server/db/database.ts';
import { buildApp } from '../../../src/server/app.ts';
import { seedCatalog } from '../../../src/server/modules/boxes/boxes.service.ts';
import { seedFreeBoxes } from '../../../src/server/modules/free-loot/free-loot.seed.ts';
import type { Clock } from '../../../src/server/rounds/clock.ts';
import { LocalPublisher, type ChannelEvent } from '../../../src/server/realtime/publisher.ts';
import type { Battle } from '../../../src/shared/api/battles.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { createPlayer, type TestPlayer } from '../../helpers/users.ts';

/** A clock that moves only when told; due timers fire in time order. */
export class ManualClock implements Clock {
  private t = 1_800_000_000_000;
  private seq = 0;
  private timers: { id: number; at: number; fn: () => unknown }[] = [];
  now(): number {
    return this.t;
  }
  setTimeout(fn: () => unknown, ms: number): unknown {
    const id = ++this.seq;
    this.timers.push({ id, at: this.t + Math.max(0, ms), fn });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((x) => x.id !== handle);
  }
  /** Moves time by `ms` and fires the timers then due. */
  advance(ms: number): void {
    this.t += ms;
    const due = this.timers.filter((x) => x.at <= this.t).sort((a, b) => a.at - b.at || a.id - b.id);
    this.timers = this.timers.filter((x) => x.at > this.t);
    for (const x of due) x.fn();
  }
  get pending(): number {
    return this.timers.length;
  }
}

/** The battle fixture. */
export interface BattleTest extends TestApp {
  clock: ManualClock;
  publisher: LocalPublisher; // what the app publishes to (a channel server can listen to it)
  events: ChannelEvent[];
  boxes: { slug: string; price_cents: number }[]; // sellable catalog boxes, cheapest first
  freeBox: string;
  player(balanceCents?: number, name?: string): Promise<TestPlayer>;
  post(url: string, player: TestPlayer | null, payload?: unknown): Promise<Response>;
  get(url: string, player?: TestPlayer | null): Promise<Response>;
  /** GET /api/battles/{id} as a guest, or as `as.player`, with `?code=` when `as.code`. */
  battle(id: number, as?: { player?: TestPlayer; code?: string }): Promise<Battle>;
  balance(userId: number): Promise<number>;
  ledger(userId: number): Promise<{ kind: string; delta_cents: number; idempotency_key: string }[]>;
  /** One runner step: advance one round's time and wait for the step to finish. */
  tick(): Promise<void>;
  /** Plays every running battle to the end. */
  playAll(): Promise<void>;
  /** The same database served by a fresh app (a restart): the old app must be closed first. */
  restart(): Promise<void>;
}

/** Builds the fixture on `dialect`. */
export async function createBattleTest(dialect: Dialect, env: Record<string, string> = {}): Promise<BattleTest> {
  const clock = new ManualClock();
  const publisher = new LocalPublisher();
  const events: ChannelEvent[] = [];
  publisher.subscribe((e) => events.push(e));
  const t = await createTestApp(dialect, {
    env: { BATTLE_ROUND_MS: '4500', BATTLE_LEAD_MS: '1500', ...env },
    deps: { clock, publisher },
  });
  await seedCatalog(t.database.db, 1_000);
  await seedFreeBoxes(t.database.db, 1_000);
  const boxes = await t.database.db
    .selectFrom('boxes')
    .select(['slug', 'price_cents'])
    .where('box_type', '!=', 'free')
    .where('creator_id', 'is', null)
    .orderBy('price_cents')
    .execute();
  const free = await t.database.db
    .selectFrom('boxes')
    .select('slug')
    .where('box_type', '=', 'free')
    .executeTakeFirstOrThrow();
  const fx: BattleTest = {
    ...t,
    clock,
    publisher,
    events,
    boxes,
    freeBox: free.slug,
    player: (balanceCents = 0, name) => createPlayer(t.database.db, t.config.secrets.appSecret, { balanceCents, name }),
    post: (url, player, payload = {}) =>
      fx.fastify.inject({ method: 'POST', url, headers: player ? player.headers : {}, payload: payload as object }),
    get: (url, player) => fx.fastify.inject({ method: 'GET', url, headers: player ? player.headers : {} }),
    battle: async (id, as = {}) => {
      const query = as.code === undefined ? '' : `?code=${encodeURIComponent(as.code)}`;
      const res = await fx.get(`/api/battles/${id}${query}`, as.player);
      if (res.statusCode !== 200) throw new Error(`GET battle ${id}: ${res.statusCode} ${res.body}`);
      return (res.json() as { data: Battle }).data;
    },
    balance: async (id) =>
      (await t.database.db.selectFrom('users').select('balance_cents').where('id', '=', id).executeTakeFirstOrThrow())
        .balance_cents,
    ledger: (id) =>
      t.database.db
        .selectFrom('ledger')
        .select(['kind', 'delta_cents', 'idempotency_key'])
        .where('user_id', '=', id)
        .orderBy('id')
        .execute(),
    tick: async () => {
      await fx.fastify.battleRunner.idle();
      clock.advance(4500);
      await fx.fastify.battleRunner.idle();
    },
    playAll: async () => {
      for (let i = 0; i < 500; i++) {
        const running = await t.database.db
          .selectFrom('battles')
          .select('id')
          .where('status', '=', 'running')
          .execute();
        if (!running.length) return;
        await fx.tick();
      }
      throw new Error('battles did not end');
    },
    restart: async () => {
      const { fastify } = await buildApp({
        config: t.config,
        database: t.database,
        clientDir: null,
        clock,
        publisher,
      });
      fx.fastify = fastify;
    },
  };
  fx.close = async () => {
    await fx.fastify.close();
    await t.database.drop();
  };
  return fx;
}
