// The battles area: routes, channel events and the runner that plays started battles (resumed from
// the database when the app is ready, stopped when it closes).
import type { FastifyInstance } from 'fastify';
import { BattleEvents } from './battles.events.ts';
import { battlesRoutes } from './battles.routes.ts';
import { BattleRunner } from './battles.runner.ts';
import type { ModuleContext } from '../../module-context.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Plays started battles (tests drive its clock and wait with `idle()`). */
    battleRunner: BattleRunner;
  }
}

/** Registers everything of battles on `app`. */
export function battlesModule(app: FastifyInstance, { database, config, clock }: ModuleContext): void {
  const events = new BattleEvents(database.db, app.publisher);
  const runner = new BattleRunner(database, events, app.log, { ...config.battles, clock });
  app.decorate('battleRunner', runner);
  battlesRoutes(app, database, events, runner, config.secrets);
  app.addHook('onReady', () => runner.start());
  app.addHook('onClose', () => runner.stop());
}
