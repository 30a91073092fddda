/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;
const proxied = ['/api', '/oauth', '/social', '/broadcasting', '/dev', '/sandbox', '/img'];

export default defineConfig({
  plugins: [react()],
  publicDir: false,
  assetsInclude: ['**/*.glsl', '**/*.frag', '**/*.vert'],
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1200 },
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
    projects: [
      {
        extends: true,
        test: { name: 'shared', environment: 'node', include: ['tests/shared/**/*.test.ts'], testTimeout: 60_000 },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/helpers/client-setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
