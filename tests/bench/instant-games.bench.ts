// Instant games in one table (issue 17's closing note), on SQLite and on a fresh PostgreSQL
// database: the bare Fastify route, the bare authenticated transaction (bare-auth-tx*.ts: the floor
// of a bet), a dice bet, box openings ×1 and ×5 (penny-box), an upgrade and a plinko bet. Every row
// has the same load shape: 50 connections, each its own funded player and token (so no row queues
// on one player's balance), a 1 s warm-up, then 5 s measured. Per row: requests/s, p50/p99, the CPU
// ms per request of the serving process and, on PostgreSQL, of PostgreSQL (this database's backends
// and the server's own processes; pg-helpers.ts), and the rate as a share of the bare authenticated
// transaction's on the same database.
import { loadavg } from 'node:os';
import type { DB } from '../../src/server/db/database.ts';
import { upgradeChanceError } from '../../src/shared/games/upgrade/upgrade.odds.ts';
import {
  fundedPlayers,
  load,
  loadAuthTx,
  withAppAndBare,
  withAppDatabase,
  BET_BENCH_ENV,
  type AppAndBare,
  type Load,
} from './helpers.ts';
import { postgresCpu, withFreshPgDatabase } from './pg-helpers.ts';

const CONNECTIONS = 50;
const SECONDS = 5;
const ITEMS_PER_PLAYER = 2000; // upgrade stakes: each upgrade uses one up, won or lost (5 s at ~15,000/s from 50 players)
const ENV = { ...BET_BENCH_ENV, RATE_LIMIT_SCALE: '100000' };
// INSTANT_ROWS=open,dice keeps only the game rows whose name contains one of the words (the bare
// route and the floor always run); INSTANT_DBS=pg or sqlite runs one database (A/B runs of one row)
const ROW_WORDS = process.env.INSTANT_ROWS?.split(',').filter(Boolean);
const DBS = process.env.INSTANT_DBS?.split(',') ?? ['sqlite', 'pg'];
const COLUMNS = ['per_s', 'p50_ms', 'p99_ms', 'cpu_ms', 'pg_cpu_ms', '×auth_tx', 'errors'];

/** Upgrade bodies the API accepts: one cheapest item plus 1 cent of balance towards the cheapest
 * product worth at least twice that (a chance near 47%). Grants each player ITEMS_PER_PLAYER such
 * items; connection i stakes player i's next one with each request. */
async function upgradeBodies(db: DB, playerIds: number[]): Promise<(connection: number) => string> {
  const products = await db.selectFrom('products').select(['id', 'price_cents', 'sale_price_cents']).execute();
  products.sort((a, b) => Number(a.price_cents) - Number(b.price_cents));
  const item = products[0]!;
  const stakeCents = Number(item.price_cents) + 1;
  const target = products.find((p) => Number(p.price_cents) >= 2 * stakeCents)!;
  const problem = upgradeChanceError(stakeCents, Number(target.price_cents));
  if (problem) throw new Error(`upgrade bench: ${problem}`);
  const itemIds: number[][] = [];
  const now = Date.now();
  for (const userId of playerIds) {
    const rows = Array.from({ length: ITEMS_PER_PLAYER }, () => ({
      user_id: userId,
      product_id: item.id,
      status: 'owned',
      price_cents: item.price_cents,
      sale_price_cents: item.sale_price_cents,
      size: null,
      source: 'admin',
      source_ref: 'bench',
      created_at: now,
      updated_at: now,
    }));
    const ids = await db.insertInto('inventory_items').values(rows).returning('id').execute();
    itemIds.push(ids.map((r) => Number(r.id)));
  }
  const used = playerIds.map(() => 0);
  return (i) => {
    const ids = itemIds[i]!; // a connection that runs out stakes used items again: 409s, counted in errors
    return JSON.stringify({ item_ids: [ids[used[i]!++ % ids.length]], balance: 0.01, target_product_id: target.id });
  };
}

/** Every row on one database: the app, the bare route and the floor of `s`. */
async function rows(s: AppAndBare, pgCpu: (() => () => number) | undefined, databaseUrl?: string) {
  const players = await fundedPlayers(s.dataDir, CONNECTIONS, 1_000_000_000, databaseUrl);
  const post = (path: string, body: string | ((i: number) => string)) => ({
    url: `${s.app.url}${path}`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    authorizations: players.map((p) => p.authorization),
    ...(typeof body === 'string' ? { body } : { nextBody: body }),
    cpuOf: s.app,
  });
  // each game's load, made when its row comes (the upgrade's stake items are granted just before it)
  const games: [string, () => Promise<ReturnType<typeof post>>][] = [
    ['dice', async () => post('/api/dice/bet', JSON.stringify({ amount: 0.01, target: 50, direction: 'over' }))],
    ['open ×1', async () => post('/api/boxes/penny-box/open', JSON.stringify({ count: 1 }))],
    ['open ×5', async () => post('/api/boxes/penny-box/open', JSON.stringify({ count: 5 }))],
    [
      'upgrade',
      async () => {
        const ids = players.map((p) => p.id);
        return post('/api/upgrade', await withAppDatabase(s.dataDir, (db) => upgradeBodies(db, ids), databaseUrl));
      },
    ],
    ['plinko', async () => post('/api/plinko/bet', JSON.stringify({ amount: 0.01, rows: 16, risk: 'medium' }))],
  ];
  const shape = { connections: CONNECTIONS, otherCpu: pgCpu };
  const measure = async (run: (seconds: number) => Promise<Load>) => {
    await run(1); // warm up: connections, pools, JIT, every player's first seed pair
    return run(SECONDS);
  };
  const figures: Record<string, Load> = {
    'bare route': await measure((seconds) => load(`${s.bare.url}/bare`, { ...shape, seconds, cpuOf: s.bare })),
    'bare auth tx': await measure((seconds) => loadAuthTx(s.authTx, { ...shape, seconds, perPlayer: true })),
  };
  for (const [name, make] of games) {
    if (ROW_WORDS && !ROW_WORDS.some((w) => name.includes(w))) continue;
    const { url, ...opts } = await make();
    figures[name] = await measure((seconds) => load(url, { ...opts, ...shape, seconds }));
  }
  return figures;
}

/** The rows of one database as table lines, keyed "<db> <row>". */
function table(db: string, figures: Record<string, Load>): Record<string, string> {
  const floor = figures['bare auth tx']?.rps ?? Number.NaN;
  const cell = (v: number, digits = 0) => (Number.isNaN(v) ? '–' : v.toFixed(digits));
  const lines: Record<string, string> = {};
  for (const [name, f] of Object.entries(figures)) {
    const cells = [
      cell(f.rps),
      cell(f.p50, 1),
      cell(f.p99, 1),
      cell(f.cpuMsPerReq, 3),
      cell(f.otherCpuMsPerReq, 3),
      cell(f.rps / floor, 3),
      cell(f.errors),
    ];
    lines[`${db} ${name}`] = cells.map((c, i) => c.padStart(COLUMNS[i]!.length + 2)).join('');
  }
  return lines;
}

const isSkip = (r: object): r is { skipped: string } => typeof (r as { skipped?: unknown }).skipped === 'string';

/** Runs the instant-games table on SQLite, then on PostgreSQL, and returns its lines. */
export async function instantGamesBench(): Promise<Record<string, number | string>> {
  const sqlite = DBS.includes('sqlite') ? await withAppAndBare((s) => rows(s, undefined), ENV, CONNECTIONS) : {};
  const pg = DBS.includes('pg')
    ? await withFreshPgDatabase((url, dbName) =>
        withAppAndBare((s) => rows(s, postgresCpu(dbName), url), { ...ENV, DATABASE_URL: url }, CONNECTIONS),
      )
    : {};
  return {
    load: `${CONNECTIONS} connections, one funded player and token each; 1 s warm-up + ${SECONDS} s per row`,
    machine_load_1_min: loadavg()[0]!.toFixed(2), // other work on the 2 cores shows in every figure
    cpu: "cpu_ms: the serving process per request; pg_cpu_ms: this database's PostgreSQL backends + the server's own processes",
    columns: COLUMNS.map((c) => c.padStart(c.length + 2)).join(''),
    ...table('sqlite', sqlite),
    ...(isSkip(pg) ? { 'pg skipped': pg.skipped } : table('pg', pg)),
  };
}
