// Issue 12 item 1: free loot must pay less than it costs. On main a $5 deposit (kept) unlocked tier 1
// at once and a 98 % dice bettor bought every tier for less than a couple of days of free boxes.
// Now a daily box opens only while half the expected house profit of the last 30 days, minus the
// boxes already taken in them, covers its expected value (shared/free-loot-economics.ts).
// 1. For every tier, the cheapest route (dice at 98 %: 1 % edge) simulated day by day with the
//    server's own rule and the seeded boxes' EVs: EV taken ≤ ½ of the expected profit generated,
//    the first day included and in every 30-day window.
// 2. Over HTTP: the $5 depositor who does not play gets nothing; a 98 % dice bettor gets tier 1
//    once his bets' expected profit covers twice its EV, and not a second box in the window.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../helpers/test-db.ts';
import { createWalletTest, type WalletTest } from '../../helpers/wallet.ts';
import { seedCatalog } from '../../../src/server/modules/boxes/boxes.service.ts';
import { freeBoxSlug, seedFreeBoxes } from '../../../src/server/modules/free-loot/free-loot.seed.ts';
import { findFreeBoxes } from '../../../src/server/modules/free-loot/free-loot.repository.ts';
import { applyMove } from '../../../src/server/modules/wallet/ledger.ts';
import { FREE_BOX_COOLDOWN_MS } from '../../../src/shared/api/free-loot.ts';
import {
  FREE_LOOT_SHARE_BP,
  FREE_LOOT_WINDOW_MS,
  freeLootAllowanceCents,
} from '../../../src/shared/free-loot-economics.ts';
import { LEVEL_TIERS, levelForXp, xpForEdge, xpForLevel } from '../../../src/shared/levels.ts';
import { wagerEdgeUnits } from '../../../src/shared/economics/house-edge.ts';

const DAY = FREE_BOX_COOLDOWN_MS;

/** A player's history: wagers (cents of expected profit in edge units) and box openings (EV cents). */
interface Event {
  at: number;
  edgeUnits: number; // generated
  evCents: number; // taken
}

const within = (events: Event[], from: number, to: number) => events.filter((e) => e.at > from && e.at <= to);
const sum = (events: Event[], k: 'edgeUnits' | 'evCents') => events.reduce((a, e) => a + e[k], 0);

/**
 * The cheapest route to tier `tier`: on day 0 wager on dice at 98 % exactly the XP of the tier, then
 * each day wager `dailyCents` more and open every unlocked daily box the server's rule allows.
 */
function simulate(tier: number, evByTier: Map<number, number>, dailyCents: number, days = 75): Event[] {
  const events: Event[] = [];
  let units = 0;
  const bet = (at: number, cents: number) => {
    const e = wagerEdgeUnits('bet', '', cents);
    units += e;
    events.push({ at, edgeUnits: e, evCents: 0 });
  };
  bet(0, xpForLevel(tier) * 100); // 1 XP per $1 on dice at 98 %
  for (let day = 0; day < days; day++) {
    const now = day * DAY + 1;
    if (day > 0 && dailyCents > 0) bet(now - 1, dailyCents);
    const level = levelForXp(xpForEdge(units));
    for (const t of LEVEL_TIERS) {
      if (t > level) continue;
      const ev = evByTier.get(t)!;
      const recent = within(events, now - FREE_LOOT_WINDOW_MS, now);
      if (freeLootAllowanceCents(sum(recent, 'edgeUnits'), sum(recent, 'evCents')) >= ev)
        events.push({ at: now, edgeUnits: 0, evCents: ev });
    }
  }
  return events;
}

describeEachDb('free-loot economics', (dialect) => {
  let w: WalletTest;
  let evByTier: Map<number, number>;
  beforeAll(async () => {
    w = await createWalletTest(dialect);
    await seedCatalog(w.database.db, 1_000);
    await seedFreeBoxes(w.database.db, 1_000);
    evByTier = new Map((await findFreeBoxes(w.database.db)).map((b) => [b.min_level, Number(b.ev_cents)]));
  });
  afterAll(() => w.close());

  it('for every tier and the cheapest route, EV taken stays below the expected profit generated', () => {
    expect([...evByTier.keys()]).toEqual([...LEVEL_TIERS]);
    const share = FREE_LOOT_SHARE_BP / 10_000;
    for (const tier of LEVEL_TIERS) {
      for (const dailyCents of [0, 100, 10_000, 1_000_000]) {
        const events = simulate(tier, evByTier, dailyCents);
        const taken = events.filter((e) => e.evCents > 0);
        // the first day: reaching the tier and opening its boxes the same day
        const day0 = within(events, -1, DAY);
        expect(sum(day0, 'evCents'), `tier ${tier} day 0`).toBeLessThanOrEqual(
          (share * sum(day0, 'edgeUnits')) / 10_000,
        );
        // any 30 days ending at an opening, and everything up to any moment
        for (const o of taken) {
          const win = within(events, o.at - FREE_LOOT_WINDOW_MS, o.at);
          expect(sum(win, 'evCents')).toBeLessThanOrEqual((share * sum(win, 'edgeUnits')) / 10_000);
          const upTo = within(events, -1, o.at);
          expect(sum(upTo, 'evCents')).toBeLessThan(sum(upTo, 'edgeUnits') / 10_000);
        }
        if (dailyCents >= 1_000_000) expect(taken.length, `tier ${tier} opens boxes when played`).toBeGreaterThan(0);
        // a level reached once does not pay without play: nothing after 30 quiet days
        if (dailyCents === 0) expect(taken.every((e) => e.at < FREE_LOOT_WINDOW_MS + 1)).toBe(true);
      }
    }
  });

  it('over HTTP: a $5 deposit alone opens nothing; a 98 % dice bettor opens tier 1 once his play covers it', async () => {
    const p = await w.player(1_000_000);
    await applyMove(w.database.db, {
      userId: p.id,
      deltaCents: 500,
      kind: 'deposit',
      reference: 'test',
      idempotencyKey: `dep:${p.id}`,
      now: Date.now(),
    });
    const open = () => w.post(`/api/free-boxes/${freeBoxSlug(1)}/open`, p, {});
    const refused = await open();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors.allowance[0]).toMatch(/^Play a little more to open this free box/);
    const ev1 = evByTier.get(1)!;
    // $10 bets at 98 %: 10 XP (10 cents of expected profit) each, 15 % of it (1.5 cents) for free loot
    const bets = Math.ceil(ev1 / 1.5);
    for (let i = 0; i < bets - 1; i++) {
      const r = await w.post('/api/dice/bet', p, { amount: 10, target: 98, direction: 'under' });
      expect(r.statusCode, r.body).toBe(200);
    }
    const list = (await w.fastify.inject({ method: 'GET', url: '/api/free-boxes', headers: p.headers })).json();
    expect(list.allowance.profit_30d).toBe(((bets - 1) * 10) / 100);
    expect(list.data[0].available).toBe(false);
    expect((await open()).statusCode).toBe(403);
    expect((await w.post('/api/dice/bet', p, { amount: 10, target: 98, direction: 'under' })).statusCode).toBe(200);
    const opened = await open();
    expect(opened.statusCode, opened.body).toBe(200);
    const after = (await w.fastify.inject({ method: 'GET', url: '/api/free-boxes', headers: p.headers })).json();
    expect(after.allowance).toEqual({
      share_percent: 15,
      profit_30d: (bets * 10) / 100,
      taken_30d: ev1 / 100,
      available: Math.max(0, Math.floor(bets * 1.5) - ev1) / 100,
    });
  });

  it('deposits count net of withdrawals: deposit $25, withdraw $20 → the $5 rule is not met', async () => {
    const p = await w.player(0);
    await applyMove(w.database.db, {
      userId: p.id,
      deltaCents: 2_500,
      kind: 'deposit',
      reference: 'test',
      idempotencyKey: `dep:${p.id}`,
      now: Date.now(),
    });
    const wd = await w.post('/api/withdrawals', p, {
      amount: 20.01,
      method: 'ETH',
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
    });
    expect(wd.statusCode, wd.body).toBe(200);
    const list = (await w.fastify.inject({ method: 'GET', url: '/api/free-boxes', headers: p.headers })).json();
    expect(list.deposit_required).toMatchObject({ deposited_30d: 4.99, met: false });
  });
});
