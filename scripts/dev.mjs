// npm run dev: Vite with HMR on :5173 proxying to the API server on :3000, which restarts on change.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3000';
const children = [
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    // Links in mail and social callbacks point at Vite's origin (never built from a Host header).
    env: { ...process.env, PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--host'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort, PORT: '5173' },
  }),
];
const stop = (sig) => children.forEach((c) => c.kill(sig));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stop(sig));
for (const c of children)
  c.on('exit', () => {
    stop('SIGTERM');
    process.exit(0);
  });
