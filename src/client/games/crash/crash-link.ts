// Feeds the rocket bet machine from the round machine: one ROUND event per status change (the
// crash point comes with `ended`, and `voided` when the round was voided), and one BET_UPDATE per
// `bets` event about a bet; the player's own open bet, found in GET /api/crash/current or in a
// `placed` event, becomes one ADOPT (a reload or another tab still sees the bet and can cash out).
import type { Actor } from 'xstate';
import type { roundMachine } from '../../engine/machines/round.machine.ts';
import type { CrashBet } from '../../../shared/api/crash.ts';
import type { CrashBetsEvent } from '../../../shared/api/rounds.ts';
import type { CrashEvent, crashMachine } from './crash.machine.ts';

/** Forwards the round actor's status changes to the rocket actor; returns the unsubscribe. */
export function linkRound(round: Actor<typeof roundMachine>, crash: Actor<typeof crashMachine>): () => void {
  let last = '';
  const send = () => {
    const { context } = round.getSnapshot();
    if (context.roundId === null || !context.data) return;
    const key = `${context.roundId}:${context.data.status}`;
    if (key === last) return;
    last = key;
    const point = context.data?.crash_point;
    crash.send({
      type: 'ROUND',
      id: context.roundId,
      status: context.data.status,
      ...(typeof point === 'number' ? { crashPoint: point } : {}),
      ...(context.data?.voided === true ? { voided: true } : {}),
    });
  };
  send();
  const sub = round.subscribe(send);
  return () => sub.unsubscribe();
}

/** The rocket machine's event for a `bets` event (placed bets need no action). */
export function betUpdate(event: CrashBetsEvent) {
  if (event.type === 'placed') return null;
  return {
    type: 'BET_UPDATE' as const,
    betId: event.bet.id,
    outcome: event.type,
    multiplier: event.bet.multiplier,
    payout: event.bet.payout,
  };
}

/** The ADOPT event for `userId`'s open bet among a round's `bets` (GET /api/crash/current), or null;
 * `settled` holds ids a `bets` event already settled (the answer may be older than that event). */
export function adoptFromCurrent(
  bets: readonly CrashBet[],
  userId: number | undefined,
  settled: ReadonlySet<number> = new Set(),
): Extract<CrashEvent, { type: 'ADOPT' }> | null {
  const bet = bets.find((b) => b.user.id === userId && b.status === 'active' && !settled.has(b.id));
  return bet ? adoptEvent(bet.round_id, bet) : null;
}

/** The ADOPT event for a `placed` event of `userId`'s bet (placed in another tab), or null. */
export function adoptFromPlaced(
  event: CrashBetsEvent,
  userId: number | undefined,
): Extract<CrashEvent, { type: 'ADOPT' }> | null {
  return event.type === 'placed' && event.bet.user.id === userId ? adoptEvent(event.round_id, event.bet) : null;
}

function adoptEvent(roundId: number, bet: Pick<CrashBet, 'id' | 'amount' | 'auto_cashout'>) {
  return {
    type: 'ADOPT' as const,
    bet: { id: bet.id, roundId, amount: bet.amount, autoCashout: bet.auto_cashout },
  };
}
