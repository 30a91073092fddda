// The instant bets' plans (src/server/bets/): each game's planner equals the shared outcome the
// verifiers call, and the plan's arithmetic (user totals, ledger balances, `{#i}` ids) is right.
// Pure: no database.
import { describe, expect, it } from 'vitest';
import { dicePlan } from '../../../src/server/bets/games/dice.plan.ts';
import { boxPlan } from '../../../src/server/bets/games/box.plan.ts';
import { boxOutcome } from '../../../src/shared/games/boxes/boxes.outcome.ts';
import { plinkoPayoutCents, plinkoPlan } from '../../../src/server/bets/games/plinko.plan.ts';
import { GONE, upgradePlan } from '../../../src/server/bets/games/upgrade.plan.ts';
import { bpToPercent, upgradeChance } from '../../../src/shared/games/upgrade/upgrade.odds.ts';
import { upgradeOutcome } from '../../../src/shared/games/upgrade/upgrade.outcome.ts';
import { moveOffsets, resolveValue, settledRows, userTotals, type BetPlan } from '../../../src/server/bets/plan.ts';
import { diceOutcome } from '../../../src/shared/games/dice/dice.outcome.ts';
import { plinkoOutcome } from '../../../src/shared/games/plinko/plinko.outcome.ts';
import { wagerEdgeUnits } from '../../../src/shared/economics/house-edge.ts';
import { diceMultiplierBp, sha256Hex, type Risk } from '../../../src/shared/fair/index.ts';

const pair = (nonce: number) => ({
  id: 7,
  serverSeed: sha256Hex('plans'),
  serverSeedHash: sha256Hex(sha256Hex('plans')),
  clientSeed: 'client',
  nonce,
});
const seeds = (nonce: number) => ({ serverSeed: pair(nonce).serverSeed, clientSeed: 'client', nonce });

describe('instant bet plans', () => {
  it('a dice plan is the shared dice outcome: row, stake, win, keys, edge units', () => {
    let wins = 0;
    for (let nonce = 0; nonce < 200; nonce++) {
      const bet = {
        userId: 3,
        amountCents: 250,
        target: 49.5,
        targetBp: 4950,
        direction: 'under' as const,
        multiplier: diceMultiplierBp(4950),
        payoutIfWinCents: 500,
        now: 1_700_000_000_000,
      };
      const plan = dicePlan(bet, pair(nonce));
      const outcome = diceOutcome(seeds(nonce), 49.5, 'under');
      const row = plan.rows[0]!.values;
      expect(plan.rows).toHaveLength(1);
      expect(plan.rows[0]!.table).toBe('dice_bets');
      expect(row.roll_bp).toBe(Math.round(outcome.roll * 100));
      expect(row.win).toBe(outcome.win ? 1 : 0);
      expect(row.payout_cents).toBe(outcome.win ? 500 : 0);
      expect(row.nonce).toBe(nonce);
      expect(plan.nonces).toBe(1);
      const key = `dice:${pair(nonce).serverSeedHash}:${nonce}`;
      expect(plan.moves[0]).toEqual({
        userId: 3,
        deltaCents: -250,
        kind: 'bet',
        reference: 'dice_bet:{#0}',
        key: `${key}:bet`,
        settles: { table: '', edgeUnits: wagerEdgeUnits('bet', '', 250) },
      });
      if (outcome.win) {
        wins++;
        expect(plan.moves[1]).toEqual({
          userId: 3,
          deltaCents: 500,
          kind: 'win',
          reference: 'dice_bet:{#0}',
          key: `${key}:win`,
        });
      } else expect(plan.moves).toHaveLength(1);
    }
    expect(wins).toBeGreaterThan(60); // both branches ran
    expect(wins).toBeLessThan(140);
  });

  it('a plinko plan is the shared plinko outcome on every board', () => {
    for (const rows of [8, 12, 16])
      for (const risk of ['low', 'medium', 'high'] as Risk[])
        for (let nonce = 0; nonce < 20; nonce++) {
          const plan = plinkoPlan({ userId: 3, amountCents: 130, rows, risk, now: 1 }, pair(nonce));
          const outcome = plinkoOutcome(seeds(nonce), rows, risk);
          const row = plan.rows[0]!.values;
          expect([row.path, row.bucket, row.multiplier]).toEqual([outcome.path, outcome.bucket, outcome.multiplier]);
          const payout = plinkoPayoutCents(130, outcome.multiplier);
          expect(row.payout_cents).toBe(payout);
          expect(plan.moves[0]!.settles).toEqual({
            table: `${rows}:${risk}`,
            edgeUnits: wagerEdgeUnits('plinko_bet', `${rows}:${risk}`, 130),
          });
          expect(plan.moves.map((m) => m.deltaCents)).toEqual(payout > 0 ? [-130, payout] : [-130]);
        }
  });

  it('a box plan is the shared box outcome per reel: item, drop, opening, debit, creator share', () => {
    const items = [
      { id: 11, ticket_from: 1, ticket_to: 60_000, item_price_cents: 50, item_sale_price_cents: 40 },
      { id: 12, ticket_from: 60_001, ticket_to: 100_000, item_price_cents: 500, item_sale_price_cents: 400 },
    ];
    const box = { id: 4, slug: 'b', version: 2, version_id: 9, price_cents: 200, creator_id: 8, creator_share_bp: 100 };
    const plan = boxPlan({ userId: 3, count: 5, source: 'user_box', shard: 3, box, items, now: 1 }, pair(10));
    const ranges = items.map((i) => ({ from: i.ticket_from, to: i.ticket_to }));
    expect(plan.nonces).toBe(5);
    expect(plan.rows).toHaveLength(15);
    for (let reel = 0; reel < 5; reel++) {
      const { ticket, index } = boxOutcome(seeds(10 + reel), ranges);
      expect(plan.outcome![reel]).toEqual({ ticket, index, nonce: 10 + reel });
      const [item, drop, opening] = plan.rows.slice(3 * reel, 3 * reel + 3).map((r) => r.values);
      expect(item).toMatchObject({ product_id: items[index]!.id, price_cents: items[index]!.item_price_cents });
      expect(drop).toMatchObject({ inventory_item_id: `{#${3 * reel}}`, ticket });
      expect(opening).toMatchObject({
        inventory_item_id: `{#${3 * reel}}`,
        drop_id: `{#${3 * reel + 1}}`,
        nonce: 10 + reel,
      });
      const key = `user_box:${pair(0).serverSeedHash}:${10 + reel}`;
      expect(plan.moves.slice(2 * reel, 2 * reel + 2).map((m) => [m.userId, m.deltaCents, m.key])).toEqual([
        [3, -200, key],
        [8, 2, `creator_share:${pair(0).serverSeedHash}:${10 + reel}`],
      ]);
    }
    expect(plan.counters).toEqual([{ table: 'box_open_counts', key: { box_id: 4, shard: 3 }, add: { n: 5 } }]);
    expect(plan.updates).toEqual([
      { table: 'boxes', where: { id: 4, current_version_id: 9 }, add: { creator_earnings_cents: 10 } },
    ]);
    // the creator opening their own box: no share, the version only checked
    const own = boxPlan({ userId: 8, count: 1, source: 'user_box', shard: 8, box, items, now: 1 }, pair(0));
    expect(own.moves.map((m) => m.kind)).toEqual(['user_box']);
    expect(own.updates[0]!.add).toEqual({});
  });

  it('an upgrade plan is the shared upgrade outcome: row, claimed items, debit, granted item and its link', () => {
    const items = [
      { id: 21, price_cents: 1_000 },
      { id: 34, price_cents: 2_500 },
    ];
    const target = { id: 9, price_cents: 8_000, sale_price_cents: 7_000 };
    let wins = 0;
    for (let nonce = 0; nonce < 200; nonce++) {
      const balanceCents = nonce % 2 ? 500 : 0;
      const plan = upgradePlan({ userId: 3, items, balanceCents, target, now: 1 }, pair(nonce));
      const { chanceBp } = upgradeChance(3_500 + balanceCents, 8_000);
      const outcome = upgradeOutcome(seeds(nonce), bpToPercent(chanceBp));
      expect(plan.outcome!.win).toBe(outcome.win);
      expect(plan.rows[0]).toMatchObject({
        table: 'upgrades',
        values: {
          stake_item_ids: '[21,34]',
          stake_items_cents: 3_500,
          stake_balance_cents: balanceCents,
          chance_bp: chanceBp,
          roll: outcome.roll,
          win: outcome.win ? 1 : 0,
          inventory_item_id: null,
          nonce,
        },
      });
      expect(plan.rows[0]!.values).toEqual(plan.outcome!.row);
      expect(plan.claims).toEqual([
        {
          table: 'inventory_items',
          ids: [21, 34],
          where: { user_id: 3, status: 'owned' },
          set: { status: 'used_in_upgrade', updated_at: 1 },
          refusal: { status: 409, message: GONE, errors: { item_ids: [GONE] } },
        },
      ]);
      expect(plan.plays).toBe(true);
      if (outcome.win) {
        wins++;
        expect(plan.rows[0]!.link).toEqual({ inventory_item_id: '{#1}' });
        expect(plan.rows[1]).toMatchObject({
          table: 'inventory_items',
          values: { product_id: 9, status: 'owned', price_cents: 8_000, sale_price_cents: 7_000, source: 'upgrade' },
        });
        expect(plan.rows[1]!.values.source_ref).toBe('upgrade:{#0}');
      } else expect(plan.rows).toHaveLength(1);
      const key = `upgrade:${pair(nonce).serverSeedHash}:${nonce}`;
      expect(plan.moves).toEqual(
        balanceCents
          ? [
              {
                userId: 3,
                deltaCents: -500,
                kind: 'upgrade',
                reference: 'upgrade:{#0}',
                key,
                settles: { table: '', edgeUnits: wagerEdgeUnits('upgrade', '', 500) },
              },
            ]
          : [],
      );
    }
    expect(wins).toBeGreaterThan(60); // chance ≈ 45 %: both branches ran
    expect(wins).toBeLessThan(140);
    // staking items only still plays: the player is in the totals, refused while self-excluded
    const itemsOnly = upgradePlan({ userId: 3, items, balanceCents: 0, target, now: 1 }, pair(0));
    expect(userTotals(itemsOnly)).toEqual([
      { userId: 3, netCents: 0, needCents: 0, wager: true, stakeCents: 0, edgeUnits: 0 },
    ]);
  });

  it('user totals: net, the balance the moves need, wager, stakes and edge units; ledger offsets', () => {
    const plan: BetPlan = {
      userId: 5,
      pair: pair(0),
      nonces: 2,
      rows: [],
      counters: [],
      updates: [],
      now: 9,
      moves: [
        { userId: 5, deltaCents: -300, kind: 'box', reference: null, key: 'a', settles: { table: '', edgeUnits: 11 } },
        { userId: 2, deltaCents: 3, kind: 'creator_share', reference: null, key: 'b' },
        { userId: 5, deltaCents: -300, kind: 'box', reference: null, key: 'c', settles: { table: '', edgeUnits: 11 } },
        { userId: 5, deltaCents: 100, kind: 'win', reference: null, key: 'd' },
        { userId: 2, deltaCents: 3, kind: 'creator_share', reference: null, key: 'e' },
      ],
    };
    expect(userTotals(plan)).toEqual([
      { userId: 2, netCents: 6, needCents: 0, wager: false, stakeCents: 0, edgeUnits: 0 },
      { userId: 5, netCents: -500, needCents: 600, wager: true, stakeCents: 600, edgeUnits: 22 },
    ]);
    // balance after each move = the user's balance after all of them + its offset
    expect(moveOffsets(plan)).toEqual([200, -3, -100, 0, 0]);
    expect(settledRows(plan).map((r) => [r.wager_key, r.stake_cents, r.edge_units, r.settled_at])).toEqual([
      ['a', 300, 11, 9],
      ['c', 300, 11, 9],
    ]);
  });

  it('`{#i}` names the id of an earlier row', () => {
    expect(resolveValue('{#1}', [10, 20])).toBe(20);
    expect(resolveValue('dice_bet:{#0}', [10])).toBe('dice_bet:10');
    expect(resolveValue('x', [])).toBe('x');
    expect(resolveValue(5, [])).toBe(5);
    expect(() => resolveValue('{#2}', [1])).toThrow(/before it is inserted/);
  });
});
