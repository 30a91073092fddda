// The Crazy Wheel on the generic round loop (src/server/rounds/README.md): a new round takes the
// next id and the day's seeds, and its segment is fixed at once by the shared outcome function;
// settle pays every active bet once inside the transaction that ends the round; the snapshot
// carries the segment, colour and multiplier only once the round has ended.
import type { Selectable, Transaction } from 'kysely';
import type { Tables, WheelRoundsTable } from '../../db/tables.ts';
import type { RoundGame } from '../../rounds/round-loop.ts';
import { WHEEL_EVENTS } from '../../../shared/api/rounds.ts';
import { wheelColorAt, wheelPayoutCents } from '../../../shared/games/wheel/wheel.layout.ts';
import { wheelOutcome, wheelSeeds } from '../../../shared/games/wheel/wheel.outcome.ts';
import { WHEEL_TIMING } from '../../../shared/games/wheel/wheel.timing.ts';
import { applyMoveIn, lockUserRows } from '../wallet/ledger.ts';
import { creditSettledWager } from '../wallet/settled-wagers.ts';
import { daySeed, ensureDaySeeds, utcDate } from './wheel-seeds.service.ts';
import { roundEvent } from './wheel.repository.ts';

export type WheelRoundRow = Selectable<WheelRoundsTable>;

/** One bet settled by a round's end, for the events published after commit. */
export interface SettledBet {
  id: number;
  userId: number;
  won: boolean;
  payoutCents: number;
  balanceCents: number | null; // the winner's balance after the payout
}

/** Publishes a round's settled bets after its commit (wheel:bets won/lost, balances). */
export type PublishSettled = (roundId: number, bets: SettledBet[]) => Promise<void>;

/** The segment of round `id` drawn on `date`'s seeds. */
async function drawSegment(trx: Transaction<Tables>, date: string, id: number): Promise<number> {
  const seed = await daySeed(trx, date);
  return wheelOutcome(wheelSeeds(seed.server_seed, seed.public_seed, id)).segment;
}

/** Settles a round's active bets: won bets paid amount × multiplier (ledger key wheel:win:{bet}). */
async function settleBets(trx: Transaction<Tables>, round: WheelRoundRow, endedAt: number): Promise<SettledBet[]> {
  const color = wheelColorAt(Number(round.segment)); // drawn by wheelOutcome when the round was created
  const active = await trx
    .selectFrom('wheel_bets')
    .select(['id', 'user_id', 'color', 'amount_cents'])
    .where('round_id', '=', round.id)
    .where('status', '=', 'active')
    .orderBy('id')
    .execute();
  await lockUserRows(
    trx,
    active.map((b) => Number(b.user_id)),
  );
  const settled: SettledBet[] = [];
  for (const bet of active) {
    const won = bet.color === color;
    const payoutCents = won ? wheelPayoutCents(Number(bet.amount_cents), bet.color) : 0;
    const claimed = await trx
      .updateTable('wheel_bets')
      .set({ status: won ? 'won' : 'lost', payout_cents: payoutCents, settled_at: endedAt })
      .where('id', '=', bet.id)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) continue;
    // the bet settled: it counts for XP and the programmes at its colour's edge (settled-wagers.ts)
    await creditSettledWager(trx, {
      userId: Number(bet.user_id),
      kind: 'wheel_bet',
      table: bet.color,
      stakeCents: Number(bet.amount_cents),
      wagerKey: `wheel:bet:${bet.id}`,
      now: endedAt,
    });
    let balanceCents: number | null = null;
    if (won) {
      ({ balanceAfterCents: balanceCents } = await applyMoveIn(trx, {
        userId: Number(bet.user_id),
        deltaCents: payoutCents,
        kind: 'wheel_win',
        reference: `wheel_bet:${bet.id}`,
        idempotencyKey: `wheel:win:${bet.id}`,
        now: endedAt,
      }));
    }
    settled.push({ id: Number(bet.id), userId: Number(bet.user_id), won, payoutCents, balanceCents });
  }
  return settled;
}

/** The wheel's hooks for a RoundLoop. */
export function wheelGame(
  publishSettled: PublishSettled,
  pace: { bettingMs: number; endedMs: number } = WHEEL_TIMING, // the spec's, unless configured (WHEEL_*_MS)
): RoundGame<WheelRoundRow> {
  return {
    name: 'wheel',
    table: 'wheel_rounds',
    gameEvent: WHEEL_EVENTS.game,
    timings: {
      bettingMs: pace.bettingMs,
      pendingMs: WHEEL_TIMING.pendingMs,
      endedMs: pace.endedMs,
      tickMs: 1000,
    },
    create: async (trx, previous, now) => {
      // the id is chosen here (previous + 1; previous_id is UNIQUE) so the segment is fixed with the row
      await ensureDaySeeds(trx, now);
      const id = (previous ? Number(previous.id) : 0) + 1;
      const seedDate = utcDate(now);
      return { id, seed_date: seedDate, segment: await drawSegment(trx, seedDate, id) };
    },
    playMs: () => WHEEL_TIMING.spinMs,
    settle: async (trx, round, endedAt) => {
      const bets = await settleBets(trx, round, endedAt);
      return () => publishSettled(round.id, bets);
    },
    snapshot: (round, now) => roundEvent(round, now),
  };
}
