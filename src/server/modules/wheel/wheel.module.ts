// The Crazy Wheel's one line in app.ts: its round loop (added to the app's round games, namespace
// /wheel; main.ts attaches socket.io and starts the loops) and its routes.
import type { FastifyInstance } from 'fastify';
import { publishBalance } from '../../realtime/publisher.ts';
import { leadershipFor } from '../../rounds/leadership.ts';
import { RoundLoop } from '../../rounds/round-loop.ts';
import { ROUND_NAMESPACES, WHEEL_EVENTS } from '../../../shared/api/rounds.ts';
import { wheelGame, type PublishSettled, type WheelRoundRow } from './wheel.game.ts';
import { betEvent, findBet } from './wheel.repository.ts';
import { wheelRoutes } from './wheel.routes.ts';
import type { ModuleContext } from '../../module-context.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The wheel's round loop (also in app.rounds); tests drive it directly. */
    wheelLoop: RoundLoop<WheelRoundRow>;
  }
}

/** Registers the wheel's loop (not started) and routes. */
export function wheelModule(app: FastifyInstance, { database, config, clock }: ModuleContext): void {
  const publishSettled: PublishSettled = async (_roundId, bets) => {
    for (const settled of bets) {
      const bet = await findBet(database.db, settled.id);
      if (bet) loop.emit(WHEEL_EVENTS.bets, betEvent(settled.won ? 'won' : 'lost', bet));
      if (settled.balanceCents !== null) await publishBalance(app.publisher, settled.userId, settled.balanceCents);
    }
  };
  const loop: RoundLoop<WheelRoundRow> = new RoundLoop({
    database,
    game: wheelGame(publishSettled, config.wheel),
    clock,
    leadership: leadershipFor(database, config, 'wheel'),
    log: app.log,
  });
  app.decorate('wheelLoop', loop);
  app.rounds.add(ROUND_NAMESPACES.wheel, loop); // stopped with the app's round games
  wheelRoutes(app, database, loop, clock);
}
