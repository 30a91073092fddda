// Serves the built client with an SPA fallback: page paths get index.html, API paths a JSON 404.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
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

function isServerPath(url: string): boolean {
  const path = url.split('?')[0]!;
  return serverPrefixes.some((p) => path === p.slice(0, -1) || path.startsWith(p));
}

/** Registers static files (when a build exists) and the not-found handler. */
export async function registerClient(app: FastifyInstance, clientDir: string | null): Promise<void> {
  const hasBuild = clientDir !== null && existsSync(join(clientDir, 'index.html'));
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
    if (request.method === 'GET' && !isServerPath(request.url) && hasBuild && !accepts.startsWith('application/json')) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html');
    }
    if (request.method === 'GET' && !isServerPath(request.url) && !hasBuild) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The client is not built yet: run `npm run build` (npm start does it for you).');
    }
    return reply.status(404).send(errorBody(`Not found: ${request.method} ${request.url.split('?')[0]}`));
  });
}
