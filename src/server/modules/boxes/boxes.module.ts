// The boxes area as one registration for app.ts: catalog and drops, inventory, delivery, images.
import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db/database.ts';
import { boxesRoutes } from './boxes.routes.ts';
import { imagesRoutes } from './images.routes.ts';
import { inventoryRoutes } from '../inventory/inventory.routes.ts';
import { deliveryRoutes } from '../delivery/delivery.routes.ts';

/** Registers every route of boxes, inventory and delivery. */
export function boxesModule(app: FastifyInstance, db: DB): void {
  boxesRoutes(app, db);
  inventoryRoutes(app, db);
  deliveryRoutes(app, db);
  imagesRoutes(app);
}
