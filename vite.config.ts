/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;
// /dev/* is the server's except the client's dev pages (/dev/scenes), which Vite serves itself.
const proxied = ['/api', '/oauth', '/social', '/broadcasting', '^/dev/(?!scenes)', '/sandbox', '/img'];

export default defineConfig({
  plugins: [react()],
  publicDir: false,
  assetsInclude: ['**/*.glsl', '**/*.frag', '**/*.vert'],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod and the switch that turns its JIT off in one chunk: whichever module loads zod first
          // runs zod-jitless.ts with it, before any schema is built (zod probes `new Function` when a
          // schema is made, which the CSP reports). The entry importing it first is not enough: the
          // bundler runs the chunks an entry imports before the entry's own code.
          groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]client[\\/]zod-jitless\.ts$/ }],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: {
      // xfwd: the API sees who Vite relays for, so development tools stay loopback-only behind `vite --host`.
      ...Object.fromEntries(proxied.map((p) => [p, { target: api, xfwd: true }])),
      '/socket.io': { target: api, ws: true, xfwd: true },
      '/app': { target: api, ws: true, xfwd: true },
    },
  },
  test: {
    // Vitest's default is one worker per core minus one: a single worker on this 2-core machine, so
    // every file ran one after another. Two workers keep both cores busy while a file waits on
    // PostgreSQL, a child process or a timer (on this busy 2-core machine 3 workers were no faster and
    // the threads pool slower; timings here are noisy).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          environment: 'node',
          include: ['tests/shared/**/*.test.ts'],
          testTimeout: 60_000,
          isolate: false, // pure functions: files share one module graph per worker instead of re-importing it
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Files run in parallel, which is safe because nothing they write is shared: each database is
          // the file's own (a copy of the template this globalSetup migrates once; PostgreSQL schemas
          // are unique and pooled per run, see tests/helpers/test-db.ts), every DATA_DIR and client
          // dir is a fresh mkdtemp, every server listens on port 0, Redis keys and broadcasts carry
          // random ids, and spawned servers/CLIs get their own DATA_DIR and no DATABASE_URL.
          globalSetup: ['tests/helpers/server-global-setup.ts'],
          // A worker runs its files one after another in one module graph (about a third less CPU than
          // re-importing the server per file). Module state is per app or harmless: the catalog cache
          // lives on each app, its epoch only ever invalidates, the route registry is deduplicated;
          // no server test mocks modules or stubs globals.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // npm run test:chaos (not part of npm test): fuzzing and resilience, minutes long
          name: 'chaos',
          environment: 'node',
          include: ['tests/chaos/**/*.test.ts'],
          testTimeout: 600_000,
          hookTimeout: 120_000,
          globalSetup: ['tests/helpers/server-global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/helpers/client-setup.ts'],
          // A worker runs its files one after another in one jsdom window instead of a new worker per
          // file: 24–29 s of CPU for the project instead of 145–154 s (two A/B runs each, loaded
          // machine). client-setup.ts starts each file on a fresh page: every src module evaluated
          // again (stores, caches, this file's vi.mock), timers, stubs, storage, cookies, URL, document.
          isolate: false,
          // @pixi/react's ESM imports `react-reconciler/constants` without an extension, which Node's
          // resolver refuses (Vite's, in the build, accepts it): let Vite transform it in tests too
          server: { deps: { inline: ['@pixi/react'] } },
          testTimeout: 40_000, // first renders transform lazy routes: slow while two workers start cold on 2 cores
        },
      },
    ],
  },
});
