// Rocket (crash): the round loop of this process (added to the app's round games, namespace /crash)
// and its HTTP routes. main.ts attaches socket.io and starts the loops.
import type { FastifyInstance } from 'fastify';
import { leadershipFor } from '../../rounds/leadership.ts';
import { CRASH_LIMITS } from '../../../shared/api/crash.ts';
import { ROUND_NAMESPACES } from '../../../shared/api/rounds.ts';
import { CRASH_TIMINGS, createCrashLoop } from './crash.game.ts';
import { crashRoutes } from './crash.routes.ts';
import type { ModuleContext } from '../../module-context.ts';

/** Registers Rocket on `app`: its loop in app.rounds, its routes. */
export function crashModule(app: FastifyInstance, { database, config, clock }: ModuleContext): void {
  const maxRoundPayoutCents = config.crash.maxRoundPayoutCents ?? CRASH_LIMITS.maxRoundPayoutCents;
  const loop = createCrashLoop({
    database,
    clock,
    leadership: leadershipFor(database, config, 'crash'),
    publisher: app.publisher,
    chainGames: config.crash.chainGames,
    maxRoundPayoutCents,
    testPoints: config.crash.testPoints,
    timings: { ...CRASH_TIMINGS, bettingMs: config.crash.bettingMs, endedMs: config.crash.endedMs },
    log: app.log,
  });
  app.rounds.add(ROUND_NAMESPACES.crash, loop);
  crashRoutes(app, database, loop, clock, maxRoundPayoutCents);
}
