// The end of a battle, ONE transaction: winners from the stored drops (shared battleWinners), then
// FFA: every drop into the winning player's inventory (a bot's win: the items stay with the house);
// team modes: the drops' value split over the winning team's seats, credited to its human seats
// (ledger 'battle_win', key battle:{id}:win:{seat}). The status moves running → ended only once,
// so a second runner or a restart can never pay twice. Every seat's stake counts for its payer's XP
// and programmes only here, when the battle settles (a canceled battle's seats never do).
import type { Database } from '../../db/database.ts';
import { transact } from '../../db/transact.ts';
import { isTeamMode, type BattleMode } from '../../../shared/api/battles.ts';
import { battleTeamShares, battleWinners, type BattleResult } from '../../../shared/games/battles/battle.outcome.ts';
import { grantItem } from '../inventory/inventory.service.ts';
import { applyMoveIn, lockUserRows } from '../wallet/ledger.ts';
import { creditSettledWager } from '../wallet/settled-wagers.ts';
import { findBattle, findDrops, findSeats, storedBoxes } from './battles.repository.ts';
import { seatKey } from './battles.service.ts';

/** What settling did: the result and the balances to publish (user id → cents). */
export interface Settlement {
  result: BattleResult;
  serverSeed: string;
  balances: Map<number, number>;
  paidCents: number; // what the players won: the items' price (FFA) or the team shares credited
}

/** Ends the running battle `id`; null when it is not running (already settled elsewhere). */
export async function settleBattle(database: Database, id: number, now: number): Promise<Settlement | null> {
  const battle = await findBattle(database.db, id);
  if (!battle || battle.status !== 'running') return null;
  const rounds = storedBoxes(battle).length;
  const mode = battle.mode as BattleMode;
  const [seats, drops] = await Promise.all([findSeats(database.db, [id]), findDrops(database.db, id, rounds - 1)]);
  const values = Array.from({ length: rounds }, (_, r) =>
    seats.map((s) => Number(drops.find((d) => d.round === r && d.seat === s.seat)!.price_cents)),
  );
  const result = battleWinners({ mode, crazy: battle.crazy === 1, terminal: battle.terminal === 1 }, values, {
    serverSeed: battle.server_seed,
    publicSeed: battle.public_seed!,
  });
  const humans = seats.filter((s) => s.user_id !== null);
  return transact(database, async (trx) => {
    await lockUserRows(trx, [...humans.map((s) => s.user_id!), ...seats.map((s) => Number(s.payer_id))]);
    const ended = await trx
      .updateTable('battles')
      .set({
        status: 'ended',
        round: rounds - 1,
        winners: JSON.stringify(result.winners),
        tie_break: result.tieBreak ? JSON.stringify(result.tieBreak) : null,
        ended_at: now,
      })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (Number(ended.numUpdatedRows) !== 1) return null;
    // every seat's stake settled now: it counts for its payer (a bot's seat: the player who paid it)
    for (const s of seats)
      await creditSettledWager(trx, {
        userId: Number(s.payer_id),
        kind: 'battle',
        table: '',
        stakeCents: Number(battle.cost_cents),
        wagerKey: seatKey(id, s.seat, Number(s.take)), // the stake's ledger key (a seat retaken after a leave: its take)
        now,
      });
    const balances = new Map<number, number>();
    let paidCents = 0;
    if (isTeamMode(mode)) {
      const value = drops.reduce((a, d) => a + Number(d.price_cents), 0);
      const shares = battleTeamShares(value, result.winners, new Set(humans.map((s) => s.seat)));
      for (const [seat, cents] of shares) {
        if (cents <= 0) continue;
        paidCents += cents;
        const userId = humans.find((s) => s.seat === seat)!.user_id!;
        const move = await applyMoveIn(trx, {
          userId,
          deltaCents: cents,
          kind: 'battle_win',
          reference: `battle:${id}`,
          idempotencyKey: `battle:${id}:win:${seat}`,
          now,
        });
        balances.set(userId, move.balanceAfterCents);
      }
    } else {
      const winner = humans.find((s) => s.seat === result.winners[0]);
      for (const d of winner ? drops : []) {
        paidCents += Number(d.price_cents);
        const itemId = await grantItem(trx, {
          userId: winner!.user_id!,
          productId: d.product_id,
          source: 'battle',
          sourceRef: `battle:${id}:${d.round}:${d.seat}`,
          now,
          priceCents: Number(d.price_cents),
          salePriceCents: Number(d.sale_price_cents),
        });
        await trx.updateTable('battle_drops').set({ inventory_item_id: itemId }).where('id', '=', d.id).execute();
      }
    }
    return { result, serverSeed: battle.server_seed, balances, paidCents };
  });
}
