// The PostgreSQL hot path of a plinko drop: ONE round trip, a call of la_plinko_bet (migration
// 0021-plinko-pg-bet), which locks the user row then the active seed pair, takes the nonce, derives
// the path (HMAC-SHA256 in SQL, the same bytes as shared/fair), records the drop, moves the balance
// and writes the ledger rows in the statement's own transaction. It answers what placePlinkoBet
// answers, with the same errors. A player's very first drop creates the seed pairs first (one more
// trip, once).
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { refusal, withSeedPairs, withSettledStakes, type Refused } from '../wallet/pg-bet.ts';
import { plinkoTableKey, wagerEdgeUnits } from '../../../shared/economics/house-edge.ts';
import type { PlinkoBetBody } from '../../../shared/api/plinko.ts';
import { plinkoTable } from '../../../shared/fair/index.ts';
import { plinkoBetRow, toBet, type PlacedPlinko } from './plinko.repository.ts';

/** A drop already checked against the limits (plinko.service.ts checkBet). */
export interface CheckedPlinko {
  body: PlinkoBetBody;
  amountCents: number;
  payoutCents: (multiplier: number) => number; // plinko.service plinkoPayoutCents for this stake
}

type Answer =
  | Refused
  | {
      status: 'ok';
      id: number;
      path: string;
      bucket: number;
      nonce: number;
      client_seed: string;
      server_seed_hash: string;
      balance_cents: number;
      user_name: string;
    };

async function call(
  database: Database,
  userId: number,
  drop: CheckedPlinko,
  table: number[],
  now: number,
): Promise<Answer> {
  const { rows, risk } = drop.body;
  const payouts = table.map(drop.payoutCents);
  const tableKey = plinkoTableKey(rows, risk);
  const edge = wagerEdgeUnits('plinko_bet', tableKey, drop.amountCents);
  const fn = sql`la_plinko_bet(${userId}, ${drop.amountCents}, ${rows}, ${risk}, ${table}::double precision[],
    ${payouts}::bigint[], ${edge}, ${now})`;
  const { rows: answers } = await withSettledStakes<Answer>(fn, {
    userId,
    kind: 'plinko_bet',
    table: tableKey,
    stakeCents: drop.amountCents,
    edgeUnits: edge,
    keyPrefix: 'plinko:',
    keySuffix: ':bet',
    perReel: false,
    now,
  }).execute(database.db);
  return answers[0]!.answer;
}

/** Drops one ball on PostgreSQL in one round trip (see the file comment). */
export async function placePlinkoBetPg(
  database: Database,
  userId: number,
  drop: CheckedPlinko,
  now: number,
): Promise<PlacedPlinko> {
  const table = plinkoTable(drop.body.rows, drop.body.risk); // the multiplier of each bucket, left to right
  const answer = await withSeedPairs(database, userId, now, () => call(database, userId, drop, table, now));
  if (answer.status !== 'ok') refusal(answer, 'la_plinko_bet');
  const multiplier = table[answer.bucket]!;
  const row = plinkoBetRow({
    userId,
    amountCents: drop.amountCents,
    payoutCents: drop.payoutCents(multiplier),
    body: drop.body,
    outcome: { path: answer.path, bucket: answer.bucket, multiplier },
    pair: answer,
    now,
  });
  return {
    bet: toBet(row, answer.id),
    balanceCents: answer.balance_cents,
    amountCents: drop.amountCents,
    userName: answer.user_name,
  };
}
