// Wires the profile hub's API: the main page's routes, avatar uploads and the shipped avatars.
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { avatarRoutes } from './avatar.routes.ts';
import { profileRoutes } from './profile.routes.ts';
import type { ProfileContext } from './profile.service.ts';
import type { ModuleContext } from '../../module-context.ts';

const shipped = fileURLToPath(new URL('../../../../assets/avatars/', import.meta.url));

/** Registers the profile routes; uploads are stored in DATA_DIR/avatars. */
export function profileModule(app: FastifyInstance, { database, config, accounts }: ModuleContext): void {
  const ctx: ProfileContext = {
    db: database.db,
    scrypt: { logN: config.scryptLogN, r: 8, p: 1 },
    hashes: accounts.hashes,
    backoff: accounts.backoff,
    avatarDir: join(config.dataDir, 'avatars'),
  };
  profileRoutes(app, ctx);
  avatarRoutes(app, ctx);
  void app.register(fastifyStatic, {
    root: shipped,
    prefix: '/img/avatars/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    allowedPath: (path) => /^\/[a-z0-9-]+\.svg$/.test(path),
    setHeaders: (res) => res.setHeader('cache-control', 'public, max-age=86400'),
  });
}
