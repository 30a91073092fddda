// The Crazy Wheel's one line in app.ts: its round loop (started by main.ts once socket.io is
// attached, fed to the /wheel namespace) and its routes.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { publishBalance } from '../../realtime/publisher.ts';
import { systemClock, type Clock } from '../../rounds/clock.ts';
import { leadershipFor } from '../../rounds/leadership.ts';
import { RoundLoop } from '../../rounds/round-loop.ts';
import { WHEEL_EVENTS } from '../../../shared/api/rounds.ts';
import { wheelGame, type PublishSettled, type WheelRoundRow } from './wheel.game.ts';
import { betEvent, findBet } from './wheel.repository.ts';
import { wheelRoutes } from './wheel.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The wheel's round loop: main.ts adds the /wheel namespace as a channel and starts it. */
    wheelLoop: RoundLoop<WheelRoundRow>;
  }
}

/** Registers the wheel's loop (not started) and routes. */
export function wheelModule(
  app: FastifyInstance,
  database: Database,
  config: Config,
  clock: Clock = systemClock,
): void {
  const publishSettled: PublishSettled = async (_roundId, bets) => {
    for (const settled of bets) {
      const bet = await findBet(database.db, settled.id);
      if (bet) loop.emit(WHEEL_EVENTS.bets, betEvent(settled.won ? 'won' : 'lost', bet));
      if (settled.balanceCents !== null) await publishBalance(app.publisher, settled.userId, settled.balanceCents);
    }
  };
  const loop: RoundLoop<WheelRoundRow> = new RoundLoop({
    database,
    game: wheelGame(publishSettled),
    clock,
    leadership: leadershipFor(database, config.redisUrl, 'wheel'),
    log: app.log,
  });
  app.decorate('wheelLoop', loop);
  app.addHook('onClose', async () => loop.stop());
  wheelRoutes(app, database, loop, clock);
}
