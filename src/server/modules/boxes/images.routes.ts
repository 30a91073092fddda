// Serves the catalog art shipped in assets/ (product and box SVGs) at /img/products/* and /img/boxes/*.
// Image URLs in API answers point here, so any page (and any other module's drop) can show them.
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const assets = fileURLToPath(new URL('../../../../assets/', import.meta.url));

/** Registers the two image folders (unhashed names: cached for a day). */
export function imagesRoutes(app: FastifyInstance): void {
  for (const folder of ['products', 'boxes']) {
    void app.register(fastifyStatic, {
      root: `${assets}${folder}`,
      prefix: `/img/${folder}/`,
      decorateReply: false,
      index: false,
      cacheControl: false,
      allowedPath: (path) => /^\/[a-z0-9-]+\.svg$/.test(path),
      setHeaders: (res) => res.setHeader('cache-control', 'public, max-age=86400'),
    });
  }
}
