// npm run cluster [-- --instances N --port P]: several Loot Arcade instances on PostgreSQL and Redis
// behind Debian's nginx, on this machine. Installs nginx with apt-get when missing (as root), builds
// the client when stale, starts instance 1 (it migrates and seeds), then the others, then nginx in
// front, and prints the one URL players use. Ctrl-C (SIGINT/SIGTERM) drains: nginx stops taking
// connections, each instance finishes its requests in flight and exits.
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) and REDIS_URL (default
// redis://127.0.0.1:6379) are shared by every instance; so is DATA_DIR (default data/cluster: the dev
// secrets and uploads), so every instance signs and verifies with the same keys.
// --monitoring (issue 28) also starts Debian's Prometheus (installed with apt-get when missing, as
// root) scraping every instance's /metrics and nginx's stub_status (through Debian's nginx exporter),
// with docs/monitoring/alerts.yml loaded, on a loopback port it prints.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';
import { clusterConfig } from './cluster-nginx.mjs';
import { startMonitoring } from './cluster-monitoring.mjs';

const nginxPath = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** Makes sure nginx is installed: apt-get as root, else says what to install. */
export function ensureNginx() {
  if (existsSync(nginxPath)) return true;
  if (process.getuid?.() === 0) {
    console.log("nginx is missing: installing Debian's nginx with apt-get…");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'nginx-light'], { stdio: 'inherit', env });
    if (!existsSync(nginxPath)) spawnSync('apt-get', ['install', '-y', '-qq', 'nginx'], { stdio: 'inherit', env });
    if (existsSync(nginxPath)) return true;
  }
  console.error(`The cluster needs nginx at ${nginxPath}. Install it with: sudo apt-get install -y nginx`);
  return false;
}

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
}

function freePort() {
  return new Promise((done) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => done(port));
    });
  });
}

async function healthy(port, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health/ready`); // database, Redis, migrations
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`instance on port ${port} did not become healthy`);
}

const children = []; // the instances, then nginx
let stopping = false;

/** Drains and stops everything: nginx first (no new connections), then every instance. */
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const c of children) c.kill(c.spawnfile === nginxPath ? 'SIGQUIT' : 'SIGTERM');
  await Promise.all(
    children.map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => c.on('exit', r)) : null)),
  );
  process.exit(code);
}

async function main() {
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  const instances = Number(arg('instances', process.env.CLUSTER_INSTANCES ?? 2));
  if (!Number.isInteger(instances) || instances < 1 || instances > 16) throw new Error('--instances must be 1–16');
  const listen = Number(arg('port', process.env.PORT ?? 8080)) || (await freePort());
  if (!ensureNginx()) process.exit(1);
  buildIfStale();
  const dataDir = resolve(process.env.DATA_DIR ?? 'data/cluster');
  mkdirSync(dataDir, { recursive: true });
  const url = process.env.PUBLIC_URL ?? `http://127.0.0.1:${listen}`;
  const env = {
    ...process.env,
    DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    HOST: '127.0.0.1',
    TRUST_PROXY: '127.0.0.1', // nginx on loopback: the player's address comes from X-Forwarded-For
  };
  const ports = [];
  for (let i = 1; i <= instances; i++) {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...env, PORT: String(port), INSTANCE_ID: `i${i}` },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('exit', (code, signal) => {
      if (!stopping) console.error(`instance i${i} (port ${port}) exited: ${signal ?? code}`);
    });
    children.push(child);
    ports.push(port);
    // the first instance migrates and seeds alone; the others start on a ready database
    if (i === 1) await healthy(port);
  }
  await Promise.all(ports.map((p) => healthy(p)));
  const monitoring = process.argv.includes('--monitoring');
  const statusPort = monitoring ? await freePort() : null;
  const prefix = mkdtempSync(join(tmpdir(), 'la-nginx-'));
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(
    conf,
    clusterConfig(ports, `127.0.0.1:${listen}`, prefix, statusPort ? `127.0.0.1:${statusPort}` : undefined),
  );
  const nginx = spawn(nginxPath, ['-p', prefix, '-c', conf], { stdio: ['ignore', 'inherit', 'inherit'] });
  children.push(nginx);
  nginx.on('exit', (code) => {
    if (!stopping) {
      console.error(`nginx exited (${code}); see ${prefix}/error.log`);
      void stop(1);
    }
  });
  await healthy(listen, 15_000);
  const pids = children.slice(0, -1).map((c) => c.pid);
  const prometheus = statusPort ? await startMonitoring(ports, statusPort, await freePort(), await freePort()) : null;
  if (prometheus) children.push(...prometheus.children);
  console.log(
    `\nLoot Arcade cluster: ${instances} instance(s) on ports ${ports.join(', ')} behind nginx.\n` +
      `Running at ${url}\n` +
      (prometheus ? `Prometheus (alerts loaded) at ${prometheus.url}\n` : ''),
  );
  console.log(JSON.stringify({ url, ports, nginxPid: nginx.pid, pids, prometheus: prometheus?.url }));
}

if (import.meta.url === `file://${process.argv[1]}`)
  main().catch((e) => {
    console.error(`cluster: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  });
