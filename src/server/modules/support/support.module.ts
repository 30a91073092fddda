// Wires support tickets: attachments are stored in DATA_DIR/support, bounded by config.support.
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/database.ts';
import { supportRoutes } from './support.routes.ts';

/** Registers the support routes. */
export function supportModule(app: FastifyInstance, db: DB, config: Config): void {
  supportRoutes(app, { db, dir: join(config.dataDir, 'support'), limits: config.support });
}
