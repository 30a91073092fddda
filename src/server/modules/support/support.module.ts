// Wires support tickets: attachments are stored in DATA_DIR/support, bounded by config.support.
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { supportRoutes } from './support.routes.ts';
import type { ModuleContext } from '../../module-context.ts';

/** Registers the support routes. */
export function supportModule(app: FastifyInstance, { database, config }: ModuleContext): void {
  supportRoutes(app, { db: database.db, dir: join(config.dataDir, 'support'), limits: config.support });
}
