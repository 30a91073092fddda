// The Crazy Wheel's one line in app.ts: its event sink (bound to /wheel by main.ts) and its routes.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { WheelBroadcast } from './wheel.broadcast.ts';
import { wheelRoutes } from './wheel.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The wheel's socket events (bound to the /wheel namespace once realtime is attached). */
    wheel: WheelBroadcast;
  }
}

/** Registers the wheel's routes and its event sink. */
export function wheelModule(app: FastifyInstance, database: Database): void {
  const broadcast = new WheelBroadcast();
  app.decorate('wheel', broadcast);
  wheelRoutes(app, database, broadcast);
}
