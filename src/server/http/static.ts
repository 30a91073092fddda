// Serves the built client with an SPA fallback: page paths get index.html, API paths a JSON 404.
// Outside production the client's dev pages (/dev/scenes) are page paths too, and index.html
// carries <meta name="la-dev-pages"> so the client registers their routes; in production they
// stay server paths (JSON 404) and index.html is sent untouched — but for a page whose head tags
// the app gives (a bet replay's link preview, `pageHead`), put after <head>.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { errorBody } from './errors.ts';

/** Path prefixes that belong to the server, never to the SPA. */
export const serverPrefixes = [
  '/api/',
  '/oauth/',
  '/social/',
  '/broadcasting/',
  '/socket.io/',
  '/app/',
  '/dev/',
  '/sandbox/',
];

/** Client pages under /dev/ that exist outside production only (the client's dev-pages.ts). */
export const devPagePaths = ['/dev/scenes'];

/** The marker the client reads to register its dev pages (src/client/app/dev-pages.ts). */
export const devPagesMeta = '<meta name="la-dev-pages" content="on" />';

function isServerPath(url: string, devPages: boolean): boolean {
  const path = url.split('?')[0]!;
  if (devPages && devPagePaths.includes(path)) return false;
  return serverPrefixes.some((p) => path === p.slice(0, -1) || path.startsWith(p));
}

/** Options of the client serving. */
export interface ClientOptions {
  devPages?: boolean; // serve the client's dev pages (never in production)
  pageHead?: (request: FastifyRequest) => Promise<string | null>; // extra head tags of a page; never throws
}

/** Registers static files (when a build exists) and the not-found handler. */
export async function registerClient(
  app: FastifyInstance,
  clientDir: string | null,
  options: ClientOptions = {},
): Promise<void> {
  const hasBuild = clientDir !== null && existsSync(join(clientDir, 'index.html'));
  const devPages = options.devPages === true;
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(res, path) {
        const hashed = path.startsWith(join(clientDir, 'assets'));
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const accepts = request.headers.accept ?? '';
    const page = request.method === 'GET' && !isServerPath(request.url, devPages);
    if (page && hasBuild && !accepts.startsWith('application/json')) {
      void reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
      const head = [devPages ? devPagesMeta : null, await options.pageHead?.(request)].filter(Boolean);
      if (head.length === 0) return reply.sendFile('index.html');
      // index.html with the dev-pages marker or the page's tags (read each time: a rebuild shows at once)
      const html = await readFile(join(clientDir!, 'index.html'), 'utf8');
      return reply.send(html.replace('<head>', `<head>\n    ${head.join('\n    ')}`));
    }
    if (page && !hasBuild) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The client is not built yet: run `npm run build` (npm start does it for you).');
    }
    return reply.status(404).send(errorBody(`Not found: ${request.method} ${request.url.split('?')[0]}`));
  });
}
