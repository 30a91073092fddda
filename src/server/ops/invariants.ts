// The money invariants, checked on the whole database: by the resilience suite and the soak after their
// load (tests/chaos), by the server's hourly self-check and by `npm run admin -- ledger-check` (ops/):
// every balance is the sum of its ledger rows (and each row's balance_after follows the one before);
// every ledger row has its game row and every game row its ledger rows (dice, plinko, openings,
// upgrades, sales, rocket bets, battles, withdrawals); every bet settled exactly once or refunded;
// every round and battle over; no item both owned and sold, none staked twice; the money in the
// system = funding − withdrawals − what the game tables say the house took; and every id the driver
// was answered 2xx for is there. Rows are read once and matched in memory (both dialects alike).
import type { DB } from '../db/database.ts';

/** Ids a load driver was answered 2xx for (tests/chaos/players.ts). */
export interface Answered {
  diceBets: number[];
  plinkoBets: number[];
  openedItems: number[];
  upgrades: number[];
  soldItems: number[];
  crashBets: number[];
  battles: number[];
  withdrawals: number[];
}
/** The money calls a driver counts per player. */
export type SentKind = 'dice' | 'plinko' | 'open' | 'upgrade' | 'withdraw' | 'battle';
/** Keyed money calls sent per player: the most rows each may have made. */
export type Sent = Map<number, Record<SentKind, number>>;

/** The invariant a violation breaks (the `invariant` label of the drift gauge). */
export type Invariant =
  | 'balance'
  | 'instant_bets'
  | 'openings'
  | 'upgrades'
  | 'items'
  | 'crash'
  | 'wheel'
  | 'rounds'
  | 'battles'
  | 'withdrawals'
  | 'settled_wagers'
  | 'orphan_ledger'
  | 'conservation'
  | 'answered'
  | 'retries';

/** What the check found: violations (empty = sound; the first 200), their count per invariant, and
 * row counts for the report. */
export interface InvariantReport {
  violations: string[];
  byInvariant: Partial<Record<Invariant, number>>;
  counts: Record<string, number>;
}

// money that enters from outside (a reversal takes a deposit back out: a negative funding)
const FUNDING_KINDS = new Set(['admin', 'bonus', 'deposit', 'reversal']);
// what the house pays out of its edge that is no game's payout: the programmes and a box creator's share
// (each priced from settled wagers, shared/economics); counted against the house, tied to no game row
const PROGRAMME_KINDS = new Set(['cashback', 'leaderboard_prize', 'affiliate_commission', 'creator_share']);
// a paid reel's debit: a catalog box or a player's custom box
const OPENING_KINDS = new Set(['box', 'user_box']);
const KNOWN_KINDS = new Set([
  ...FUNDING_KINDS,
  ...PROGRAMME_KINDS,
  ...OPENING_KINDS,
  'bet',
  'win',
  'plinko_bet',
  'plinko_win',
  'upgrade',
  'sale',
  'crash_bet',
  'crash_win',
  'crash_refund',
  'wheel_bet',
  'wheel_win',
  'wheel_refund',
  'battle',
  'battle_refund',
  'battle_win',
  'withdrawal',
  'refund',
]);
const TEAM_MODES = new Set(['2v2', '3v3']);

type LedgerRow = { id: number; user_id: number; delta_cents: number; balance_after_cents: number; kind: string };
type Keyed = LedgerRow & { reference: string | null; idempotency_key: string };

/** Ledger rows grouped by `${kind}|${reference}` and by idempotency key. */
function index(rows: Keyed[]) {
  const byRef = new Map<string, Keyed[]>();
  const byKey = new Map<string, Keyed>();
  for (const r of rows) {
    const k = `${r.kind}|${r.reference}`;
    const list = byRef.get(k);
    if (list) list.push(r);
    else byRef.set(k, [r]);
    byKey.set(r.idempotency_key, r);
  }
  return { byRef: (kind: string, ref: string) => byRef.get(`${kind}|${ref}`) ?? [], byKey };
}

/** Checks every invariant; `answered` adds the driver's 2xx ids, `roundsOver` the rounds' state. */
export async function checkInvariants(
  db: DB,
  opts: { answered?: Answered; sent?: Sent; roundsOver?: boolean } = {},
): Promise<InvariantReport> {
  const v: string[] = [];
  const byInvariant: Partial<Record<Invariant, number>> = {};
  let section: Invariant = 'balance';
  const fail = (msg: string) => {
    byInvariant[section] = (byInvariant[section] ?? 0) + 1;
    if (v.length < 200) v.push(msg);
  };
  const users = await db.selectFrom('users').select(['id', 'balance_cents']).execute();
  const ledger = (await db
    .selectFrom('ledger')
    .select(['id', 'user_id', 'delta_cents', 'balance_after_cents', 'kind', 'reference', 'idempotency_key'])
    .orderBy('id')
    .execute()) as Keyed[];
  const L = index(ledger);
  const one = (kind: string, ref: string, delta: number, userId: number, what: string) => {
    const rows = L.byRef(kind, ref);
    if (rows.length !== 1) return fail(`${what}: ${rows.length} '${kind}' ledger rows (want 1)`);
    if (rows[0]!.delta_cents !== delta || rows[0]!.user_id !== userId)
      fail(
        `${what}: '${kind}' row moves ${rows[0]!.delta_cents} for user ${rows[0]!.user_id} (want ${delta} for ${userId})`,
      );
  };
  const none = (kind: string, ref: string, what: string) => {
    const n = L.byRef(kind, ref).length;
    if (n) fail(`${what}: ${n} unexpected '${kind}' ledger rows`);
  };

  // 1. balances: the sum of the ledger, and a chain of balance_after without a gap; every row's user
  // exists (PostgreSQL has no foreign key from ledger to users since migration 0038: this is its check)
  const sums = new Map<number, number>();
  const last = new Map<number, number>();
  const userIds = new Set(users.map((u) => u.id));
  for (const r of ledger) {
    if (!userIds.has(r.user_id)) fail(`ledger ${r.id}: user ${r.user_id} does not exist`);
    const before = last.get(r.user_id) ?? 0;
    if (before + r.delta_cents !== r.balance_after_cents)
      fail(`ledger ${r.id} (user ${r.user_id}): ${before} + ${r.delta_cents} ≠ balance_after ${r.balance_after_cents}`);
    last.set(r.user_id, r.balance_after_cents);
    sums.set(r.user_id, (sums.get(r.user_id) ?? 0) + r.delta_cents);
    if (!KNOWN_KINDS.has(r.kind)) fail(`ledger ${r.id}: unknown kind '${r.kind}'`);
  }
  let balances = 0;
  for (const u of users) {
    balances += u.balance_cents;
    if (u.balance_cents < 0) fail(`user ${u.id}: negative balance ${u.balance_cents}`);
    if (u.balance_cents !== (sums.get(u.id) ?? 0))
      fail(`user ${u.id}: balance ${u.balance_cents} ≠ ledger sum ${sums.get(u.id) ?? 0}`);
  }

  section = 'instant_bets';
  // 2. dice and plinko: one debit each, a credit exactly when it paid, and no orphan ledger row
  let house = 0;
  const refundedStakes = new Set<string>(); // ledger keys of stakes that were refunded: never settled
  const referenced = new Set<string>(); // kind|reference of ledger rows that found their game row
  const mark = (kinds: string[], ref: string) => kinds.forEach((k) => referenced.add(`${k}|${ref}`));
  for (const [table, prefix, bet, win] of [
    ['dice_bets', 'dice_bet', 'bet', 'win'],
    ['plinko_bets', 'plinko_bet', 'plinko_bet', 'plinko_win'],
  ] as const) {
    const rows = await db.selectFrom(table).select(['id', 'user_id', 'amount_cents', 'payout_cents']).execute();
    for (const b of rows) {
      const ref = `${prefix}:${b.id}`;
      one(bet, ref, -b.amount_cents, b.user_id, ref);
      if (b.payout_cents > 0) one(win, ref, b.payout_cents, b.user_id, ref);
      else none(win, ref, ref);
      mark([bet, win], ref);
      house += b.amount_cents - b.payout_cents;
    }
  }

  section = 'openings';
  // 3. openings: the paid reel's debit under its fair key; the item it granted
  const items = await db
    .selectFrom('inventory_items')
    .select(['id', 'user_id', 'status', 'sale_price_cents', 'source', 'source_ref'])
    .execute();
  const itemById = new Map(items.map((i) => [i.id, i]));
  const openings = await db
    .selectFrom('box_openings')
    .select(['id', 'user_id', 'price_cents', 'server_seed_hash', 'nonce', 'inventory_item_id'])
    .execute();
  const openedItems = new Set<number>();
  const paidKeys = new Set<string>();
  for (const o of openings) {
    openedItems.add(o.inventory_item_id);
    const item = itemById.get(o.inventory_item_id);
    if (!item || item.user_id !== o.user_id) fail(`opening ${o.id}: its item ${o.inventory_item_id} is missing`);
    if (o.price_cents === 0) continue; // a free box: no money moved
    // keyed by the debit's kind: box:{hash}:{nonce} for a catalog box, user_box:… for a custom one
    const keys = [...OPENING_KINDS].map((kind) => `${kind}:${o.server_seed_hash}:${o.nonce}`);
    const key = keys.find((k) => L.byKey.has(k)) ?? keys[0]!;
    paidKeys.add(key);
    const row = L.byKey.get(key);
    if (!row || !OPENING_KINDS.has(row.kind) || row.delta_cents !== -o.price_cents || row.user_id !== o.user_id)
      fail(`opening ${o.id}: no debit of ${o.price_cents} under ${key}`);
    house += o.price_cents;
  }
  for (const r of ledger)
    if (OPENING_KINDS.has(r.kind) && !paidKeys.has(r.idempotency_key))
      fail(`ledger ${r.id}: ${r.kind} debit without its opening`);

  section = 'upgrades';
  // 4. upgrades: balance part debited once; the stake consumed once; the prize granted when won
  const upgrades = await db
    .selectFrom('upgrades')
    .select(['id', 'user_id', 'stake_item_ids', 'stake_balance_cents', 'win', 'inventory_item_id'])
    .execute();
  const staked = new Map<number, number>();
  for (const u of upgrades) {
    const ref = `upgrade:${u.id}`;
    if (u.stake_balance_cents > 0) one('upgrade', ref, -u.stake_balance_cents, u.user_id, ref);
    else none('upgrade', ref, ref);
    mark(['upgrade'], ref);
    house += u.stake_balance_cents;
    for (const id of JSON.parse(u.stake_item_ids) as number[]) {
      if (staked.has(id)) fail(`item ${id}: staked by upgrades ${staked.get(id)} and ${u.id}`);
      staked.set(id, u.id);
      const item = itemById.get(id);
      if (item?.status !== 'used_in_upgrade' || item.user_id !== u.user_id)
        fail(`${ref}: staked item ${id} is ${item?.status ?? 'missing'}`);
    }
    const prize = u.inventory_item_id === null ? undefined : itemById.get(u.inventory_item_id);
    if (u.win === 1 && (!prize || prize.source_ref !== ref)) fail(`${ref}: won but its prize is missing`);
    if (u.win === 0 && u.inventory_item_id !== null) fail(`${ref}: lost but granted item ${u.inventory_item_id}`);
  }

  section = 'items';
  // 5. items: sold ⇔ one sale credit; never owned and sold; every item from a known origin
  const prizes = new Set(upgrades.map((u) => u.inventory_item_id));
  const battleDrops = await db.selectFrom('battle_drops').select(['battle_id', 'inventory_item_id']).execute();
  const battleItems = new Set(battleDrops.map((d) => d.inventory_item_id).filter((id) => id !== null));
  for (const i of items) {
    const ref = `inventory_item:${i.id}`;
    if (i.status === 'sold') {
      one('sale', ref, i.sale_price_cents, i.user_id, `item ${i.id}`);
      house -= i.sale_price_cents;
    } else none('sale', ref, `item ${i.id} (${i.status}): owned and sold`);
    mark(['sale'], ref);
    if (i.status === 'used_in_upgrade' && !staked.has(i.id)) fail(`item ${i.id}: used_in_upgrade by no upgrade`);
    const origin =
      i.source === 'box' || i.source === 'user_box' || i.source === 'free_box'
        ? openedItems.has(i.id)
        : i.source === 'upgrade'
          ? prizes.has(i.id)
          : i.source === 'battle'
            ? battleItems.has(i.id)
            : true;
    if (!origin) fail(`item ${i.id}: granted by ${i.source} ${i.source_ref} but no such row holds it`);
  }

  section = 'crash';
  // 6. rocket: one stake debit per bet; a win credit exactly when cashed out, a refund exactly when its
  // round was voided (an outage, issue 24); no open bet in an ended round
  const rounds = await db.selectFrom('crash_rounds').select(['id', 'status']).orderBy('id').execute();
  const roundStatus = new Map(rounds.map((r) => [r.id, r.status]));
  const bets = await db
    .selectFrom('crash_bets')
    .select(['id', 'user_id', 'round_id', 'amount_cents', 'status', 'payout_cents'])
    .execute();
  for (const b of bets) {
    const ref = `crash_bet:${b.id}`;
    one('crash_bet', ref, -b.amount_cents, b.user_id, ref);
    if (b.status === 'cashed_out') one('crash_win', ref, b.payout_cents ?? -1, b.user_id, ref);
    else none('crash_win', ref, ref);
    if (b.status === 'refunded') one('crash_refund', ref, b.amount_cents, b.user_id, ref);
    else none('crash_refund', ref, ref);
    if (b.status === 'active' && roundStatus.get(b.round_id) === 'ended')
      fail(`${ref}: still active in an ended round`);
    if (b.status === 'active' && opts.roundsOver) fail(`${ref}: never settled`);
    mark(['crash_bet', 'crash_win', 'crash_refund'], ref);
    if (b.status === 'refunded') refundedStakes.add(`crash:${b.round_id}:${b.user_id}:bet`);
    house += b.status === 'refunded' ? 0 : b.amount_cents - (b.status === 'cashed_out' ? (b.payout_cents ?? 0) : 0);
  }
  section = 'wheel';
  // 6b. the wheel: one stake debit per bet; a win credit exactly when it won, a refund exactly when it
  // was canceled in the open window; no open bet in an ended round
  const wheelRounds = await db.selectFrom('wheel_rounds').select(['id', 'status']).orderBy('id').execute();
  const wheelStatus = new Map(wheelRounds.map((r) => [r.id, r.status]));
  const wheelBets = await db
    .selectFrom('wheel_bets')
    .select(['id', 'user_id', 'round_id', 'amount_cents', 'status', 'payout_cents'])
    .execute();
  for (const b of wheelBets) {
    const ref = `wheel_bet:${b.id}`;
    one('wheel_bet', ref, -b.amount_cents, b.user_id, ref);
    if (b.status === 'won') one('wheel_win', ref, b.payout_cents ?? -1, b.user_id, ref);
    else none('wheel_win', ref, ref);
    if (b.status === 'canceled') one('wheel_refund', ref, b.amount_cents, b.user_id, ref);
    else none('wheel_refund', ref, ref);
    if (b.status === 'active' && wheelStatus.get(b.round_id) === 'ended')
      fail(`${ref}: still active in an ended round`);
    if (b.status === 'active' && opts.roundsOver) fail(`${ref}: never settled`);
    mark(['wheel_bet', 'wheel_win', 'wheel_refund'], ref);
    house += b.status === 'canceled' ? 0 : b.amount_cents - (b.status === 'won' ? (b.payout_cents ?? 0) : 0);
  }

  section = 'rounds';
  if (opts.roundsOver) {
    for (const [name, list] of [
      ['crash', rounds],
      ['wheel', wheelRounds],
    ] as const)
      list.slice(0, -1).forEach((r) => r.status !== 'ended' && fail(`${name} round ${r.id}: left ${r.status}`));
  }

  section = 'battles';
  // 7. battles: a debit per seat from its payer; refunds exactly when canceled (or expired); a seat given
  // up (leave) has its stake refunded once; none left running. Keys: battle:{id}:seat:{seat}[:{take}].
  const battles = await db.selectFrom('battles').select(['id', 'status', 'mode', 'cost_cents', 'winners']).execute();
  const seats = await db
    .selectFrom('battle_seats')
    .select(['battle_id', 'seat', 'user_id', 'payer_id', 'take'])
    .execute();
  const suffix = (seat: number, take: number) => (take === 0 ? `${seat}` : `${seat}:${take}`);
  for (const b of battles) {
    const ref = `battle:${b.id}`;
    const mine = seats.filter((s) => s.battle_id === b.id);
    const held = new Set(mine.map((s) => `${ref}:seat:${suffix(s.seat, s.take)}`));
    for (const s of mine) {
      const debit = L.byKey.get(`${ref}:seat:${suffix(s.seat, s.take)}`);
      if (!debit || debit.kind !== 'battle' || debit.delta_cents !== -b.cost_cents || debit.user_id !== s.payer_id)
        fail(`${ref} seat ${s.seat}: no debit of ${b.cost_cents} from its payer ${s.payer_id}`);
      const refund = L.byKey.get(`${ref}:refund:${suffix(s.seat, s.take)}`);
      if (b.status === 'canceled' && (!refund || refund.delta_cents !== b.cost_cents || refund.user_id !== s.payer_id))
        fail(`${ref} seat ${s.seat}: canceled without its refund`);
      if (b.status !== 'canceled' && refund) fail(`${ref} seat ${s.seat}: refunded while ${b.status}`);
      house += b.status === 'canceled' ? 0 : b.cost_cents;
    }
    const left = L.byRef('battle', ref).filter((d) => !held.has(d.idempotency_key)); // seats given up
    for (const d of left) {
      const refund = L.byKey.get(d.idempotency_key.replace(':seat:', ':refund:'));
      if (!refund || refund.delta_cents !== -d.delta_cents || refund.user_id !== d.user_id)
        fail(`${ref}: the stake ${d.idempotency_key} of a seat given up was not refunded`);
    }
    if (L.byRef('battle_refund', ref).length !== left.length + (b.status === 'canceled' ? mine.length : 0))
      fail(`${ref}: ${L.byRef('battle_refund', ref).length} refunds`);
    for (const w of L.byRef('battle_win', ref)) house -= w.delta_cents;
    if (!TEAM_MODES.has(b.mode)) none('battle_win', ref, ref);
    mark(['battle', 'battle_refund', 'battle_win'], ref);
    if (b.status === 'running' && opts.roundsOver) fail(`${ref}: left running`);
    if (b.status === 'ended' && !TEAM_MODES.has(b.mode)) {
      const winner = mine.find((s) => s.seat === (JSON.parse(b.winners ?? '[]') as number[])[0]);
      const drops = battleDrops.filter((d) => d.battle_id === b.id);
      const granted = drops.filter((d) => d.inventory_item_id !== null).length;
      if (granted !== (winner?.user_id ? drops.length : 0)) fail(`${ref}: ${granted} of ${drops.length} drops granted`);
    }
  }

  section = 'withdrawals';
  // 8. withdrawals: debited once; refunded exactly when canceled
  const withdrawals = await db.selectFrom('withdrawals').select(['id', 'user_id', 'amount_cents', 'status']).execute();
  let withdrawn = 0;
  for (const w of withdrawals) {
    const ref = `withdrawal:${w.id}`;
    const canceled = w.status === 'canceled' || w.status === 'canceled_by_user';
    one('withdrawal', ref, -w.amount_cents, w.user_id, ref);
    if (canceled) one('refund', ref, w.amount_cents, w.user_id, ref);
    else {
      none('refund', ref, ref);
      withdrawn += w.amount_cents;
    }
    mark(['withdrawal', 'refund'], ref);
  }

  section = 'settled_wagers';
  // 8b. settled wagers (what XP and the programmes count, issue 24): each is a wager debit of the same
  // player, kind and stake, settled once; never one that was refunded (a voided bet, a canceled or left seat)
  for (const r of ledger) {
    if (r.kind === 'battle_refund') refundedStakes.add(r.idempotency_key.replace(':refund:', ':seat:'));
    if (r.kind === 'wheel_refund') refundedStakes.add(r.idempotency_key.replace('wheel:refund:', 'wheel:bet:'));
  }
  const settled = await db
    .selectFrom('settled_wagers')
    .select(['user_id', 'kind', 'stake_cents', 'wager_key'])
    .execute();
  const settledKeys = new Set<string>(); // once each (an instant game's by its debit's UNIQUE ledger key)
  for (const w of settled) {
    if (settledKeys.has(w.wager_key)) fail(`settled wager ${w.wager_key}: settled twice`);
    settledKeys.add(w.wager_key);
    const debit = L.byKey.get(w.wager_key);
    if (!debit || debit.user_id !== w.user_id || debit.kind !== w.kind || -debit.delta_cents !== w.stake_cents)
      fail(`settled wager ${w.wager_key}: no ${w.kind} debit of ${w.stake_cents} by user ${w.user_id}`);
    if (refundedStakes.has(w.wager_key)) fail(`settled wager ${w.wager_key}: its stake was refunded`);
  }

  section = 'orphan_ledger';
  // 9. no ledger row without its game row
  for (const r of ledger) {
    if (FUNDING_KINDS.has(r.kind) || PROGRAMME_KINDS.has(r.kind) || OPENING_KINDS.has(r.kind)) continue;
    if (!referenced.has(`${r.kind}|${r.reference}`)) fail(`ledger ${r.id}: '${r.kind}' ${r.reference} has no game row`);
  }

  section = 'conservation';
  // 10. conservation: the balances are what came in, less what went out, less the house's take
  const funded = ledger.filter((r) => FUNDING_KINDS.has(r.kind)).reduce((a, r) => a + r.delta_cents, 0);
  for (const r of ledger) if (PROGRAMME_KINDS.has(r.kind)) house -= r.delta_cents;
  if (balances !== funded - withdrawn - house)
    fail(`money: balances ${balances} ≠ funding ${funded} − withdrawals ${withdrawn} − house ${house}`);

  section = 'answered';
  // 11. nothing answered 2xx was lost
  const a = opts.answered;
  if (a) {
    const ids = async (table: 'dice_bets' | 'plinko_bets' | 'upgrades' | 'crash_bets' | 'battles' | 'withdrawals') =>
      new Set((await db.selectFrom(table).select('id').execute()).map((r) => r.id));
    const lost = (what: string, answered: number[], have: Set<number> | ((id: number) => boolean)) => {
      const missing = answered.filter((id) => !(typeof have === 'function' ? have(id) : have.has(id)));
      if (missing.length) fail(`${what}: ${missing.length} answered but missing (${missing.slice(0, 5).join(', ')})`);
    };
    lost('dice bets', a.diceBets, await ids('dice_bets'));
    lost('plinko bets', a.plinkoBets, await ids('plinko_bets'));
    lost('opened items', a.openedItems, (id) => openedItems.has(id));
    lost('upgrades', a.upgrades, await ids('upgrades'));
    lost('sold items', a.soldItems, (id) => itemById.get(id)?.status === 'sold');
    lost('rocket bets', a.crashBets, await ids('crash_bets'));
    lost('battles', a.battles, await ids('battles'));
    lost('withdrawals', a.withdrawals, await ids('withdrawals'));
  }
  section = 'retries';
  // 12. a call retried after dying mid-flight ran once: no player has more rows than calls it made
  if (opts.sent) {
    const perUser = async (
      kind: SentKind,
      rows: { user_id: number }[] | Promise<{ user_id: number }[]>,
    ): Promise<void> => {
      const n = new Map<number, number>();
      for (const r of await rows) n.set(r.user_id, (n.get(r.user_id) ?? 0) + 1);
      for (const [userId, sent] of opts.sent!) {
        const made = n.get(userId) ?? 0;
        if (made > sent[kind])
          fail(`user ${userId}: ${made} ${kind} rows from ${sent[kind]} calls (a retry ran twice)`);
      }
    };
    await perUser('dice', db.selectFrom('dice_bets').select('user_id').execute());
    await perUser('plinko', db.selectFrom('plinko_bets').select('user_id').execute());
    await perUser(
      'open',
      openings.filter((o) => o.price_cents > 0),
    );
    await perUser('upgrade', upgrades);
    await perUser('withdraw', withdrawals);
    await perUser('battle', db.selectFrom('battles').select('creator_id as user_id').execute());
  }
  return {
    violations: v,
    byInvariant,
    counts: {
      users: users.length,
      ledger: ledger.length,
      openings: openings.length,
      upgrades: upgrades.length,
      items: items.length,
      crashBets: bets.length,
      crashRounds: rounds.length,
      battles: battles.length,
      withdrawals: withdrawals.length,
      houseCents: house,
    },
  };
}
