// The load driver of the resilience suite and the soak: simulated players, each a loop that bets dice
// and plinko, opens boxes, upgrades and sells what it won, bets on the rocket and cashes out, creates
// and joins battles, and withdraws (sometimes cancelling), against whichever instance is up. It counts
// every request by its fate, keeps latencies, and records the ids of every answered (2xx) money call,
// so a check after a crash can prove nothing answered was lost. A call that dies mid-flight is retried
// once with the same Idempotency-Key on an instance that is up (a retry must never pay twice).
import { randomBytes } from 'node:crypto';

/** A funded player the driver plays as. */
export interface DriverPlayer {
  id: number;
  authorization: string; // "Bearer …"
}

/** What the driver did, by fate. */
export interface DriverCounts {
  requests: number; // every HTTP request sent (reads included)
  accepted: number; // 2xx
  refused: number; // 4xx (insufficient balance, closed round, an item already gone…)
  failedMidFlight: number; // the connection died after the request was sent (a killed instance)
  timedOut: number; // no answer within 30 s (a loaded machine); retried like a mid-flight failure
  unreachable: number; // connection refused: the instance was down before the request left
  serverErrors: number; // 5xx
  retried: number; // mid-flight failures retried with the same Idempotency-Key
}

/** Ids of the money calls answered 2xx: each must exist after any crash. */
export interface Answered {
  diceBets: number[];
  plinkoBets: number[];
  openedItems: number[]; // inventory items granted by openings
  upgrades: number[];
  soldItems: number[];
  crashBets: number[];
  battles: number[]; // created
  withdrawals: number[];
}

/** Keyed money calls sent per player (first attempts, not retries; open counts reels): the most rows each may have made. */
export type Sent = Map<number, Record<SentKind, number>>;
/** The money calls counted in Sent. */
export type SentKind = 'dice' | 'plinko' | 'open' | 'upgrade' | 'withdraw' | 'battle';
const SENT_PATHS: Record<string, SentKind> = {
  '/api/dice/bet': 'dice',
  '/api/plinko/bet': 'plinko',
  '/api/upgrade': 'upgrade',
  '/api/withdrawals': 'withdraw',
  '/api/battles/create': 'battle',
};

/** Which instance to call: a base URL, or null while none is up. */
export type PickInstance = () => string | null;

const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const ACTIONS = [
  ['dice', 24],
  ['plinko', 18],
  ['open', 10],
  ['upgrade', 7],
  ['sell', 9],
  ['crash', 14],
  ['battle', 10],
  ['withdraw', 8],
] as const;
type Action = (typeof ACTIONS)[number][0];
const TOTAL_WEIGHT = ACTIONS.reduce((a, [, w]) => a + w, 0);

interface Reply {
  status: number; // 0 when the request failed at the network level
  body: Record<string, unknown> | null;
  midFlight: boolean;
}

interface PlayerState {
  owned: number[]; // inventory item ids believed owned
  crashRound: number; // the round this player has a bet in (0: none)
  withdrawals: number[]; // new withdrawals it may cancel
}

const pickAction = (): Action => {
  let r = Math.random() * TOTAL_WEIGHT;
  for (const [name, w] of ACTIONS) if ((r -= w) < 0) return name;
  return 'dice';
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cents = (min: number, max: number) => (min + Math.floor(Math.random() * (max - min + 1))) / 100;

/** Simulated players against a topology; start(), then stop() resolves when every loop has ended. */
export class Players {
  readonly counts: DriverCounts = {
    requests: 0,
    accepted: 0,
    refused: 0,
    failedMidFlight: 0,
    timedOut: 0,
    unreachable: 0,
    serverErrors: 0,
    retried: 0,
  };
  readonly answered: Answered = {
    diceBets: [],
    plinkoBets: [],
    openedItems: [],
    upgrades: [],
    soldItems: [],
    crashBets: [],
    battles: [],
    withdrawals: [],
  };
  readonly sent: Sent = new Map();
  readonly serverErrorSamples: string[] = []; // the first few 5xx answers, for the report
  private latencies: number[] = []; // ms of answered requests since the last takeLatencies()
  private running = false;
  private loops: Promise<void>[] = [];
  private openBattles: number[] = []; // waiting 1v1 battles another player may join
  private targets: { id: number; cents: number }[] = [];

  constructor(
    private readonly players: DriverPlayer[],
    private readonly pick: PickInstance,
    private readonly opts: { thinkMs?: [number, number]; box?: string } = {},
  ) {}

  /** Starts one loop per player. */
  async start(): Promise<void> {
    const url = await this.waitForInstance();
    const res = await fetch(`${url}/api/upgrade/targets?sort=price_asc`);
    const targets = ((await res.json()) as { data: { id: number; price: number }[] }).data;
    this.targets = targets.map((t) => ({ id: t.id, cents: Math.round(t.price * 100) }));
    this.running = true;
    this.loops = this.players.map((p) => this.loop(p));
  }

  /** Stops the loops after their current request. */
  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  /** Latencies (ms) of the answers since the last call. */
  takeLatencies(): number[] {
    const l = this.latencies;
    this.latencies = [];
    return l;
  }

  private async waitForInstance(): Promise<string> {
    for (;;) {
      const url = this.pick();
      if (url) return url;
      await sleep(50);
    }
  }

  private async loop(player: DriverPlayer): Promise<void> {
    const state: PlayerState = { owned: [], crashRound: 0, withdrawals: [] };
    const [lo, hi] = this.opts.thinkMs ?? [10, 60];
    while (this.running) {
      await this.act(player, state, pickAction());
      await sleep(lo + Math.random() * (hi - lo));
    }
  }

  /** One request to a live instance; a mid-flight failure of a keyed call is retried once elsewhere. */
  private async call(
    player: DriverPlayer,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    key?: string,
  ): Promise<Reply> {
    const kind = SENT_PATHS[path] ?? (path.endsWith('/open') ? 'open' : undefined);
    if (key && kind) {
      const sent = this.sent.get(player.id) ?? { dice: 0, plinko: 0, open: 0, upgrade: 0, withdraw: 0, battle: 0 };
      sent[kind]++;
      this.sent.set(player.id, sent);
    }
    let reply = await this.once(player, method, path, body, key);
    if (reply.midFlight && key) {
      this.counts.retried++;
      reply = await this.once(player, method, path, body, key);
    }
    return reply;
  }

  private async once(
    player: DriverPlayer,
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    key: string | undefined,
  ): Promise<Reply> {
    for (let attempt = 0; ; attempt++) {
      const url = await this.waitForInstance();
      const headers: Record<string, string> = { authorization: player.authorization };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (key) headers['idempotency-key'] = key;
      this.counts.requests++;
      const started = performance.now();
      try {
        const res = await fetch(url + path, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
        const text = await res.text();
        this.latencies.push(performance.now() - started);
        if (res.status >= 500) {
          this.counts.serverErrors++;
          if (this.serverErrorSamples.length < 5)
            this.serverErrorSamples.push(`${method} ${path} ${res.status} ${text}`);
        } else if (res.status >= 400) this.counts.refused++;
        else this.counts.accepted++;
        let parsed: Record<string, unknown> | null = null;
        try {
          parsed = JSON.parse(text) as Record<string, unknown>;
        } catch {
          parsed = null;
        }
        return { status: res.status, body: parsed, midFlight: false };
      } catch (e) {
        const code = (e as { cause?: { code?: string } }).cause?.code;
        if (code === 'ECONNREFUSED' && attempt < 50) {
          this.counts.unreachable++; // the instance was already down: nothing was sent
          await sleep(100);
          continue;
        }
        if ((e as Error).name === 'TimeoutError') this.counts.timedOut++;
        else this.counts.failedMidFlight++;
        return { status: 0, body: null, midFlight: true };
      }
    }
  }

  private async act(p: DriverPlayer, s: PlayerState, action: Action): Promise<void> {
    const key = () => randomBytes(12).toString('hex');
    const data = (r: Reply) => (r.status >= 200 && r.status < 300 ? (r.body?.data as Record<string, unknown>) : null);
    switch (action) {
      case 'dice': {
        const body = { amount: cents(10, 200), target: 50 + Math.floor(Math.random() * 40), direction: 'over' };
        const d = data(await this.call(p, 'POST', '/api/dice/bet', body, key()));
        if (d) this.answered.diceBets.push(Number(d.id));
        return;
      }
      case 'plinko': {
        const body = { amount: cents(10, 200), rows: 8 + Math.floor(Math.random() * 9), risk: 'low' };
        const d = data(await this.call(p, 'POST', '/api/plinko/bet', body, key()));
        if (d) this.answered.plinkoBets.push(Number(d.id));
        return;
      }
      case 'open': {
        const d = data(
          await this.call(p, 'POST', `/api/boxes/${this.opts.box ?? 'penny-box'}/open`, { count: 1 }, key()),
        );
        for (const reel of (d?.reels as { inventory_item_id: number }[] | undefined) ?? []) {
          s.owned.push(reel.inventory_item_id);
          this.answered.openedItems.push(reel.inventory_item_id);
        }
        return;
      }
      case 'upgrade':
        return this.upgrade(p, s, key());
      case 'sell': {
        if (!s.owned.length) return this.act(p, s, 'open');
        const ids = s.owned.splice(0, 1 + Math.floor(Math.random() * Math.min(2, s.owned.length)));
        const r = await this.call(p, 'POST', '/api/inventory/sell', { ids }, key());
        if (r.status === 200) this.answered.soldItems.push(...((r.body?.sold as number[]) ?? []));
        return;
      }
      case 'crash':
        return this.crash(p, s);
      case 'battle':
        return this.battle(p, key());
      case 'withdraw': {
        if (s.withdrawals.length && Math.random() < 0.5) {
          const id = s.withdrawals.shift()!;
          await this.call(p, 'POST', `/api/withdrawals/${id}/cancel`, {});
          return;
        }
        const body = { amount: 20 + Math.floor(Math.random() * 10), method: 'ETH', address: ETH_ADDRESS };
        const d = data(await this.call(p, 'POST', '/api/withdrawals', body, key()));
        if (d) {
          this.answered.withdrawals.push(Number(d.id));
          s.withdrawals.push(Number(d.id));
        }
        return;
      }
    }
  }

  private async upgrade(p: DriverPlayer, s: PlayerState, key: string): Promise<void> {
    const item = s.owned.shift();
    if (item === undefined) return this.act(p, s, 'open');
    // the item's value is unknown here: stake it with $1 of balance on a target 3–8× a small box prize
    const affordable = this.targets.filter((t) => t.cents >= 3000 && t.cents <= 20_000);
    const target = affordable[Math.floor(Math.random() * affordable.length)];
    if (!target) return;
    const r = await this.call(
      p,
      'POST',
      '/api/upgrade',
      { item_ids: [item], balance: 1, target_product_id: target.id },
      key,
    );
    const d = r.status === 200 ? (r.body?.data as { id: number; new_item: { id: number } | null }) : null;
    if (d) {
      this.answered.upgrades.push(d.id);
      if (d.new_item) s.owned.push(d.new_item.id);
    } else if (r.status === 422) s.owned.push(item); // refused before staking (e.g. target too cheap): still owned
  }

  /** The rocket: a bet (refused unless a round is starting), then a cash-out try once it plays. Every
   * bet carries an auto cash-out (1.2×–3×), so rounds with bets end soon after the load stops. */
  private async crash(p: DriverPlayer, s: PlayerState): Promise<void> {
    if (s.crashRound) {
      const r = await this.call(p, 'POST', '/api/crash/close-bet', {});
      if (r.status !== 422 || !String(r.body?.message).includes('not started')) s.crashRound = 0;
      return;
    }
    const r = await this.call(p, 'POST', '/api/crash/bet', { amount: cents(10, 100), auto_cashout: cents(120, 300) });
    const d = r.status === 200 ? (r.body?.data as { id: number; round_id: number }) : null;
    if (d) {
      this.answered.crashBets.push(d.id);
      s.crashRound = d.round_id;
    }
  }

  private async battle(p: DriverPlayer, key: string): Promise<void> {
    const waiting = this.openBattles.shift();
    if (waiting !== undefined && Math.random() < 0.8) {
      await this.call(p, 'POST', `/api/battles/${waiting}/join`, {}, key);
      return;
    }
    const body = { boxes: [this.opts.box ?? 'penny-box'], mode: '1v1' };
    const d = (await this.call(p, 'POST', '/api/battles/create', body, key)).body?.data as { id?: number } | undefined;
    if (!d?.id) return;
    this.answered.battles.push(d.id);
    if (Math.random() < 0.3) await this.call(p, 'POST', `/api/battles/${d.id}/add-bots`, { bots: 1 }, `${key}:bots`);
    else this.openBattles.push(d.id);
  }
}
