// The invariant checker itself (invariants.ts): sound money passes, and each kind of drift the
// kill -9 suite and the soak look for is reported — a balance off its ledger, a bet without its
// debit, an item sold without its credit, a retried call that ran twice, an answered id that is gone.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { placeDiceBet } from '../../src/server/modules/dice/dice.service.ts';
import { openBox } from '../../src/server/modules/openings/openings.service.ts';
import { sellItems } from '../../src/server/modules/inventory/inventory.service.ts';
import { createBattle, joinBattle } from '../../src/server/modules/battles/battles.service.ts';
import { cancelBattle, expireBattle, leaveBattle } from '../../src/server/modules/battles/battles.refund.ts';
import { BATTLE_WAIT_MS } from '../../src/shared/api/battles.ts';
import { createCatalogApp, type CatalogApp } from '../helpers/catalog.ts';
import { describeEachDb } from '../helpers/test-db.ts';
import { createPlayer, type TestPlayer } from '../helpers/users.ts';
import { checkInvariants } from './invariants.ts';
import type { Answered, Sent } from './players.ts';

describeEachDb('money invariants', (dialect) => {
  let c: CatalogApp;
  let p: TestPlayer;
  let betId: number;
  let itemIds: number[];

  beforeEach(async () => {
    c = await createCatalogApp(dialect);
    const { database } = c.t;
    p = await createPlayer(database.db, c.t.config.secrets.appSecret, { balanceCents: 100_000 });
    betId = (await placeDiceBet(database, p.id, { amount: 1, target: 50, direction: 'over' }, 3_000)).bet.id;
    const opening = await openBox(database, p.id, 'penny-box', { count: 2, demo: false }, 4_000);
    itemIds = opening.reels.map((r) => r.inventory_item_id!);
    await sellItems(database.db, p.id, [itemIds[0]!], 5_000);
  });
  afterEach(() => c.t.close());

  const answered = (diceBets: number[]): Answered => ({
    diceBets,
    plinkoBets: [],
    openedItems: itemIds,
    upgrades: [],
    soldItems: [itemIds[0]!],
    crashBets: [],
    battles: [],
    withdrawals: [],
  });
  const sent = (dice: number): Sent =>
    new Map([[p.id, { dice, plinko: 0, open: 2, upgrade: 0, withdraw: 0, battle: 0 }]]); // open: reels (one call of 2)

  it('finds nothing wrong with money moved by the services', async () => {
    const report = await checkInvariants(c.t.database.db, { answered: answered([betId]), sent: sent(1) });
    expect(report.violations).toEqual([]);
    expect(report.counts.openings).toBe(2);
  });

  it('finds nothing wrong with battle seats left, retaken, canceled and expired', async () => {
    const { database } = c.t;
    const { appSecret } = c.t.config.secrets;
    const [b, d] = [
      await createPlayer(database.db, appSecret, { balanceCents: 10_000 }),
      await createPlayer(database.db, appSecret, { balanceCents: 10_000 }),
    ];
    const body = { boxes: ['penny-box'], mode: '1v1v1' as const, crazy: false, terminal: false, private: false };
    const first = (await createBattle(database, p.id, body, 7_000)).id;
    await joinBattle(database, b.id, first, undefined, 7_001);
    await leaveBattle(database, b.id, first, 7_002);
    await joinBattle(database, d.id, first, undefined, 7_003); // seat 1 again, under a new key
    await cancelBattle(database, p.id, first, 7_004);
    const second = (await createBattle(database, p.id, body, 8_000)).id;
    await joinBattle(database, b.id, second, undefined, 8_001);
    await leaveBattle(database, b.id, second, 8_002);
    await joinBattle(database, b.id, second, undefined, 8_003);
    expect(await expireBattle(database, second, 8_000 + BATTLE_WAIT_MS)).not.toBeNull();
    const { violations } = await checkInvariants(database.db);
    expect(violations).toEqual([]);
  });

  it('reports a balance off its ledger, and the money that does not add up', async () => {
    const { db } = c.t.database;
    await db.updateTable('users').set({ balance_cents: 100_001 }).where('id', '=', p.id).execute();
    const { violations } = await checkInvariants(db);
    expect(violations.some((l) => l.startsWith(`user ${p.id}: balance 100001 ≠ ledger sum`))).toBe(true);
    expect(violations.some((l) => l.startsWith('money: balances'))).toBe(true);
  });

  it('reports a bet whose debit is missing', async () => {
    const { db } = c.t.database;
    await db.deleteFrom('ledger').where('reference', '=', `dice_bet:${betId}`).where('kind', '=', 'bet').execute();
    const { violations } = await checkInvariants(db);
    expect(violations).toContain(`dice_bet:${betId}: 0 'bet' ledger rows (want 1)`);
  });

  it('reports a settled wager that no debit staked, and one whose stake was refunded', async () => {
    const { db } = c.t.database;
    const bet = await db
      .selectFrom('settled_wagers')
      .select(['wager_key', 'stake_cents', 'user_id'])
      .where('kind', '=', 'bet')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('settled_wagers')
      .set({ stake_cents: Number(bet.stake_cents) + 1 })
      .where('wager_key', '=', bet.wager_key)
      .execute();
    await db
      .insertInto('settled_wagers')
      .values({
        user_id: bet.user_id,
        kind: 'battle',
        table_key: '',
        stake_cents: 5,
        edge_units: 0,
        wager_key: 'battle:999:seat:0',
        settled_at: 1,
      })
      .execute();
    await db
      .insertInto('ledger')
      .values([
        {
          user_id: bet.user_id,
          delta_cents: -5,
          balance_after_cents: 0,
          kind: 'battle',
          reference: 'battle:999',
          idempotency_key: 'battle:999:seat:0',
          created_at: 1,
        },
        {
          user_id: bet.user_id,
          delta_cents: 5,
          balance_after_cents: 0,
          kind: 'battle_refund',
          reference: 'battle:999',
          idempotency_key: 'battle:999:refund:0',
          created_at: 1,
        },
      ])
      .execute();
    const { violations } = await checkInvariants(db);
    expect(violations).toContain(
      `settled wager ${bet.wager_key}: no bet debit of ${Number(bet.stake_cents) + 1} by user ${bet.user_id}`,
    );
    expect(violations).toContain('settled wager battle:999:seat:0: its stake was refunded');
  });

  it('reports an instant wager settled twice (its key is unique in the ledger, not in settled_wagers)', async () => {
    const { db } = c.t.database;
    const bet = await db
      .selectFrom('settled_wagers')
      .selectAll()
      .where('kind', '=', 'bet')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const { id: _id, ...again } = bet;
    await db.insertInto('settled_wagers').values(again).execute();
    const { violations } = await checkInvariants(db);
    expect(violations).toContain(`settled wager ${bet.wager_key}: settled twice`);
  });

  it('reports an item sold without its credit, and one both owned and credited', async () => {
    const { db } = c.t.database;
    await db.updateTable('inventory_items').set({ status: 'sold' }).where('id', '=', itemIds[1]!).execute();
    await db.updateTable('inventory_items').set({ status: 'owned' }).where('id', '=', itemIds[0]!).execute();
    const { violations } = await checkInvariants(db);
    expect(violations).toContain(`item ${itemIds[1]}: 0 'sale' ledger rows (want 1)`);
    expect(violations).toContain(`item ${itemIds[0]} (owned): owned and sold: 1 unexpected 'sale' ledger rows`);
  });

  it('reports a call that ran twice and an answered bet that is gone', async () => {
    const { database } = c.t;
    const second = (await placeDiceBet(database, p.id, { amount: 1, target: 50, direction: 'over' }, 6_000)).bet.id;
    const { violations } = await checkInvariants(database.db, { answered: answered([betId, 999_999]), sent: sent(1) });
    expect(second).not.toBe(betId);
    expect(violations).toContain(`user ${p.id}: 2 dice rows from 1 calls (a retry ran twice)`);
    expect(violations).toContain('dice bets: 1 answered but missing (999999)');
  });
});
