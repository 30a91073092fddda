// The boxes area as one registration for app.ts: catalog and drops, images.
import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db/database.ts';
import { boxesRoutes } from './boxes.routes.ts';
import { imagesRoutes } from './images.routes.ts';

/** Registers every route of boxes. */
export function boxesModule(app: FastifyInstance, db: DB): void {
  boxesRoutes(app, db);
  imagesRoutes(app);
}
