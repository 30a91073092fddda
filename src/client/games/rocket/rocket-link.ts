// Feeds the rocket bet machine from the round machine: one ROUND event per status change (the
// crash point comes with `ended`, and `voided` when the round was voided), and one BET_UPDATE per
// `bets` event about a bet.
import type { Actor } from 'xstate';
import type { roundMachine } from '../../engine/machines/round.machine.ts';
import type { CrashBetsEvent } from '../../../shared/api/rounds.ts';
import type { rocketMachine } from './rocket.machine.ts';

/** Forwards the round actor's status changes to the rocket actor; returns the unsubscribe. */
export function linkRound(round: Actor<typeof roundMachine>, rocket: Actor<typeof rocketMachine>): () => void {
  let last = '';
  const send = () => {
    const { context } = round.getSnapshot();
    if (context.roundId === null || !context.data) return;
    const key = `${context.roundId}:${context.data.status}`;
    if (key === last) return;
    last = key;
    const crash = context.data?.crash_point;
    rocket.send({
      type: 'ROUND',
      id: context.roundId,
      status: context.data.status,
      ...(typeof crash === 'number' ? { crashPoint: crash } : {}),
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
