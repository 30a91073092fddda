// The battle's channel events (battle-{id}; a private battle's go to private-battle-{id} only) and the
// public list event, published after commit by the routes and the runner. Every payload is built from
// the database as it is AFTER the commit, and a round's drops are read only once that round is revealed
// (battles.round).
import type { DB } from '../../db/database.ts';
import { publishBalance, type Publisher } from '../../realtime/publisher.ts';
import {
  BATTLE_EVENTS,
  BATTLE_LIST_EVENT,
  BATTLES_PUBLIC_CHANNEL,
  MODE_LAYOUT,
  battleChannelOf,
  type BattleMode,
  type BattleSummary,
} from '../../../shared/api/battles.ts';
import { toDollars } from '../../../shared/money.ts';
import { iso } from '../boxes/catalog.view.ts';
import { dropView, findBattle, findDrops, summaryOf } from './battles.repository.ts';
import type { CancelResult, LeaveResult } from './battles.refund.ts';
import type { Settlement } from './battles.settle.ts';

/** Publishes what happened to battles. */
export class BattleEvents {
  constructor(
    private readonly db: DB,
    private readonly publisher: Publisher,
  ) {}

  private readonly channels = new Map<number, string>(); // battle id → its channel (privacy never changes)

  /** The battle's channel: private-battle-{id} for a private battle, else battle-{id}. */
  private async channelOf(id: number): Promise<string> {
    let channel = this.channels.get(id);
    if (channel === undefined) {
      const row = await this.db.selectFrom('battles').select('private').where('id', '=', id).executeTakeFirst();
      channel = battleChannelOf({ id, private: row?.private !== 0 }); // unknown: never the public name
      if (this.channels.size >= 10_000) this.channels.clear();
      this.channels.set(id, channel);
    }
    return channel;
  }

  private async send(id: number, event: string, data: unknown): Promise<void> {
    await this.publisher.publish(await this.channelOf(id), event, data);
  }

  /** The public list event (never for a private battle). */
  private async list(id: number): Promise<BattleSummary | null> {
    const battle = await summaryOf(this.db, id);
    if (battle && !battle.private) await this.publisher.publish(BATTLES_PUBLIC_CHANNEL, BATTLE_LIST_EVENT, { battle });
    return battle;
  }

  /** A battle was created (its creator's balance changed). */
  async created(id: number, creatorId: number, balanceCents: number): Promise<void> {
    const battle = await this.list(id);
    await this.send(id, BATTLE_EVENTS.created, { battle });
    await publishBalance(this.publisher, creatorId, balanceCents);
  }

  /** Seats were taken (and maybe the battle started: battleStarted). */
  async joined(id: number, seats: number[], payerId: number, balanceCents: number, roundMs: number): Promise<void> {
    await publishBalance(this.publisher, payerId, balanceCents);
    const battle = (await this.list(id))!;
    await this.send(id, BATTLE_EVENTS.playerJoined, {
      id,
      seats: battle.seats.filter((s) => seats.includes(s.seat)),
      seats_filled: battle.seats_filled,
      seats_total: battle.seats_total,
    });
    if (battle.status === 'waiting') return;
    const row = (await findBattle(this.db, id))!;
    await this.send(id, BATTLE_EVENTS.started, {
      id,
      public_seed: row.public_seed,
      seats: battle.seats,
      started_at: iso(row.started_at!),
      round_ms: roundMs,
    });
  }

  /**
   * Step `round` of a battle: battleRoundEnded(round − 1) with the totals so far, then, unless the
   * battle is over (`round` = its number of rounds), battleRoundStarted(round) with that round's
   * drops. One read of the revealed drops (round ≤ battles.round, which the caller just set).
   */
  async roundStep(id: number, round: number, rounds: number, mode: BattleMode): Promise<void> {
    const drops = await findDrops(this.db, id, Math.min(round, rounds - 1));
    if (round > 0) {
      const totals = new Array<number>(MODE_LAYOUT[mode].seats).fill(0);
      for (const d of drops) if (d.round < round) totals[d.seat]! += Number(d.price_cents);
      await this.send(id, BATTLE_EVENTS.roundEnded, { id, round: round - 1, totals: totals.map(toDollars) });
    }
    if (round < rounds)
      await this.send(id, BATTLE_EVENTS.roundStarted, {
        id,
        round,
        drops: drops.filter((d) => d.round === round).map((d) => ({ seat: d.seat, ...dropView(d) })),
      });
  }

  /** The battle ended: winners, totals, the revealed server seed; the winners' new balances. */
  async ended(id: number, s: Settlement): Promise<void> {
    await this.send(id, BATTLE_EVENTS.ended, {
      id,
      winners: s.result.winners,
      totals: s.result.totals.map(toDollars),
      server_seed: s.serverSeed,
      tie_break: s.result.tieBreak,
    });
    await this.list(id);
    for (const [userId, cents] of s.balances) await publishBalance(this.publisher, userId, cents);
  }

  /** The battle was canceled by its creator or expired: every payer's new balance. */
  async canceled({ id, balances, reason }: CancelResult): Promise<void> {
    await this.send(id, BATTLE_EVENTS.canceled, { id, reason });
    await this.list(id);
    for (const [userId, cents] of balances) await publishBalance(this.publisher, userId, cents);
  }

  /** A joiner left a waiting battle: their new balance, the open seat. */
  async left({ id, seat, userId, balanceCents }: LeaveResult): Promise<void> {
    await publishBalance(this.publisher, userId, balanceCents);
    const battle = (await this.list(id))!;
    await this.send(id, BATTLE_EVENTS.playerLeft, {
      id,
      seat,
      user_id: userId,
      seats_filled: battle.seats_filled,
      seats_total: battle.seats_total,
    });
  }
}
