// The PostgreSQL hot path of a dice bet: ONE round trip, a call of la_dice_bet (migration
// 0020-dice-pg-bet), which locks the user row then the active seed pair, takes the nonce, rolls
// (HMAC-SHA256 in SQL, the same bytes as shared/fair), records the bet, moves the balance and writes
// the ledger rows in the statement's own transaction. It answers what placeDiceBet answers, with the
// same errors. A player's very first bet creates the seed pairs first (one more trip, once).
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { refusal, withSeedPairs, withSettledStakes, type Refused } from '../wallet/pg-bet.ts';
import { wagerEdgeUnits } from '../../../shared/economics/house-edge.ts';
import type { DiceDirection } from '../../../shared/fair/index.ts';
import { toBet } from './dice.repository.ts';
import type { PlacedBet } from './dice.repository.ts';

/** A bet already checked against the rules (dice.service.ts checkBet). */
export interface CheckedBet {
  amountCents: number;
  targetBp: number;
  direction: DiceDirection;
  multiplier: number; // payout multiplier, 4 decimals
  winPayoutCents: number; // what a win pays (potentialPayoutCents)
}

type Answer =
  | Refused
  | {
      status: 'ok';
      id: number;
      roll_bp: number;
      win: boolean;
      payout_cents: number;
      nonce: number;
      client_seed: string;
      server_seed_hash: string;
      balance_cents: number;
      user_name: string;
    };

async function call(database: Database, userId: number, bet: CheckedBet, now: number): Promise<Answer> {
  const edge = wagerEdgeUnits('bet', '', bet.amountCents);
  const fn = sql`la_dice_bet(${userId}, ${bet.amountCents}, ${bet.targetBp}, ${bet.direction}, ${bet.multiplier},
    ${bet.winPayoutCents}, ${edge}, ${now})`;
  const { rows } = await withSettledStakes<Answer>(fn, {
    userId,
    kind: 'bet',
    table: '',
    stakeCents: bet.amountCents,
    edgeUnits: edge,
    keyPrefix: 'dice:',
    keySuffix: ':bet',
    perReel: false,
    now,
  }).execute(database.db);
  return rows[0]!.answer;
}

/** Places one dice bet on PostgreSQL in one round trip (see the file comment). */
export async function placeDiceBetPg(
  database: Database,
  userId: number,
  bet: CheckedBet,
  now: number,
): Promise<PlacedBet> {
  const answer = await withSeedPairs(database, userId, now, () => call(database, userId, bet, now));
  if (answer.status !== 'ok') refusal(answer, 'la_dice_bet');
  return {
    bet: toBet(
      {
        roll_bp: answer.roll_bp,
        win: answer.win ? 1 : 0,
        multiplier: bet.multiplier,
        payout_cents: answer.payout_cents,
        target_bp: bet.targetBp,
        direction: bet.direction,
        nonce: answer.nonce,
        client_seed: answer.client_seed,
        server_seed_hash: answer.server_seed_hash,
      },
      answer.id,
    ),
    balanceCents: answer.balance_cents,
    amountCents: bet.amountCents,
    createdAt: now,
    userName: answer.user_name,
  };
}
