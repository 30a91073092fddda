// The expected house edge of every wager, per game and table, in basis points of the stake, rounded
// DOWN so nothing credited from it (XP, commission, cashback, free loot, leaderboard) ever
// overstates what the house expects to keep. Exact: each table's return is summed in integers.
//   dice        1 %: multiplier = 99 / chance floored to 4 decimals, roll 0…10000 (10,001 outcomes)
//   plinko      per rows/risk: 1 − Σ C(rows, k) × multiplier_k / 2^rows (0.84 % … 1.2 %)
//   crash       1 %: P(crash ≥ m) ≤ 0.99 / m at every target (shared/fair/crash.ts)
//   wheel       per colour: 1 − segments × multiplier / 54 (grey, blue, gold 3.70 %, red 4.02 %)
//   box         a catalog box costs ⌈EV × 1.08⌉: 8 / 108 = 7.40 %
//   user_box    the same minus the creator's 1 % share: 6.40 %
//   upgrade     the player's chance is 95 % of stake / target: 5 %
//   battle      a seat buys catalog boxes at their price: 7.40 %
import { PLINKO_ROWS, RISKS, plinkoTable, type Risk } from '../fair/plinko.ts';
import { WHEEL_COLORS, WHEEL_LAYOUT, WHEEL_PAYOUTS, WHEEL_SEGMENT_COUNT } from '../games/wheel/wheel.layout.ts';

/** Edge per wager kind (ledger kind of the stake) for games with one table. */
const FLAT_EDGE_BP: Readonly<Record<string, number>> = {
  bet: 100,
  box: 740,
  user_box: 640,
  upgrade: 500,
  battle: 740,
  crash_bet: 100,
};

/** The table key of a plinko drop (rows and risk). */
export function plinkoTableKey(rows: number, risk: Risk): string {
  return `${rows}:${risk}`;
}

/** Basis points of 1 − Σ weight × payout / Σ weight, floored, in integers (payouts in tenths or hundredths). */
function edgeFromReturn(returnedUnits: bigint, stakeUnits: bigint): number {
  if (returnedUnits >= stakeUnits) return 0;
  return Number(((stakeUnits - returnedUnits) * 10_000n) / stakeUnits);
}

function plinkoEdgeBp(rows: number, risk: Risk): number {
  let c = 1n; // C(rows, k)
  let returned = 0n; // Σ C(rows, k) × multiplier in hundredths
  plinkoTable(rows, risk).forEach((m, k) => {
    returned += c * BigInt(Math.round(m * 100));
    c = (c * BigInt(rows - k)) / BigInt(k + 1);
  });
  return edgeFromReturn(returned, 100n * 2n ** BigInt(rows));
}

function wheelEdgeBp(color: (typeof WHEEL_COLORS)[number]): number {
  const count = BigInt(WHEEL_LAYOUT.filter((c) => c === color).length);
  return edgeFromReturn(count * BigInt(Math.round(WHEEL_PAYOUTS[color] * 100)), 100n * BigInt(WHEEL_SEGMENT_COUNT));
}

/** Edge per table of the games with several: plinko by `rows:risk`, the wheel by colour. */
const TABLE_EDGE_BP: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  plinko_bet: Object.fromEntries(
    PLINKO_ROWS.flatMap((rows) => RISKS.map((risk) => [plinkoTableKey(rows, risk), plinkoEdgeBp(rows, risk)])),
  ),
  wheel_bet: Object.fromEntries(WHEEL_COLORS.map((color) => [color, wheelEdgeBp(color)])),
};

/** Ledger kinds of wager stakes (debits). */
export const WAGER_KINDS: readonly string[] = [...Object.keys(FLAT_EDGE_BP), ...Object.keys(TABLE_EDGE_BP)];

/** Every game table: its wager kind, table key ('' for one-table games) and edge. */
export function gameTables(): { kind: string; table: string; edgeBp: number }[] {
  return [
    ...Object.entries(FLAT_EDGE_BP).map(([kind, edgeBp]) => ({ kind, table: '', edgeBp })),
    ...Object.entries(TABLE_EDGE_BP).flatMap(([kind, tables]) =>
      Object.entries(tables).map(([table, edgeBp]) => ({ kind, table, edgeBp })),
    ),
  ];
}

/**
 * The house edge of a wager of `kind` on `table`, in basis points (floored). A table the game does
 * not have, or none given for a game with several, counts at the game's LOWEST edge, so an unknown
 * table can never credit more than the house expects. 0 for a kind that is not a wager.
 */
export function wagerEdgeBp(kind: string, table = ''): number {
  const flat = FLAT_EDGE_BP[kind];
  if (flat !== undefined) return flat;
  const tables = TABLE_EDGE_BP[kind];
  if (!tables) return 0;
  return tables[table] ?? Math.min(...Object.values(tables));
}

/** The lowest and highest edge of a game's tables (for the pages that publish the rates). */
export function edgeRangeBp(kind: string): { min: number; max: number } {
  const tables = TABLE_EDGE_BP[kind];
  const values = tables ? Object.values(tables) : [wagerEdgeBp(kind)];
  return { min: Math.min(...values), max: Math.max(...values) };
}

/** Edge units (cents × basis points) of a stake of `cents` on `kind`/`table`: XP × 10,000. */
export function wagerEdgeUnits(kind: string, table: string, cents: number): number {
  return Math.max(0, Math.floor(cents)) * wagerEdgeBp(kind, table);
}

/** The games as players know them, by wager kind (for the pages that publish the rates). */
export const WAGER_GAME_NAMES: Readonly<Record<string, string>> = {
  bet: 'Dice',
  plinko_bet: 'Bounce',
  crash_bet: 'Rocket',
  wheel_bet: 'Crazy Wheel',
  box: 'Boxes',
  user_box: 'Custom boxes',
  upgrade: 'Upgrade',
  battle: 'Battles',
};
