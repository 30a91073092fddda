// Entry point: config -> database -> migrate -> seed -> app -> realtime -> listen; clean shutdown.
import { clientAddressResolver } from './http/client-address.ts';
import { resolve } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import { defaultCheckpointOptions } from './db/checkpointer.ts';
import { migrate } from './db/migrate.ts';
import { seed } from './db/seed.ts';
import { buildApp } from './app.ts';
import { exposedDevToolsWarning } from './http/client-address.ts';
import { attachRealtime } from './realtime/attach.ts';
import { LocalPublisher, QueuedPublisher, type Publisher } from './realtime/publisher.ts';
import { HttpPublisher } from './realtime/http-publisher.ts';
import { PusherServer } from './realtime/pusher-server.ts';
import { RedisChannelBus } from './realtime/redis-bus.ts';
import { startLeaderboardJob } from './modules/leaderboard/leaderboard.job.ts';
import { observeRealtime } from './ops/ops.module.ts';
import { metricsServer } from './ops/metrics-route.ts';

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(78);
    }
    throw e;
  }
}

async function main(): Promise<void> {
  const config = configOrExit();
  const sink: { log?: FastifyBaseLogger } = {}; // the app's logger, once built
  const database = openDatabase(config.database, {
    // SQLite's WAL checkpoints on a worker thread, not in the COMMIT of a request (db/checkpointer.ts)
    backgroundCheckpoints: {
      ...defaultCheckpointOptions,
      onError: (message) => sink.log?.error({ message }, 'background WAL checkpoint failed'),
    },
  });
  const applied = await migrate(database);
  await seed(database.db, Date.now());
  // One LocalPublisher feeds the embedded channel server; PUSHER_* switches to a hosted service.
  const local = new LocalPublisher();
  // The hosted service is reached through a queue: a request never waits for it nor fails with it.
  // With REDIS_URL the embedded channel servers of every instance share one Redis topic.
  const bus =
    !config.pusherHttp && config.redisUrl
      ? await RedisChannelBus.connect(config.redisUrl, config.secrets.pusherKey, local)
      : null;
  const publisher: Publisher =
    bus ??
    (config.pusherHttp
      ? new QueuedPublisher(
          new HttpPublisher({
            host: config.pusherHttp.host,
            appId: config.pusherHttp.appId,
            key: config.secrets.pusherKey,
            secret: config.secrets.pusherSecret,
          }),
          (err, e) => sink.log?.error({ err, channel: e.channel, event: e.event }, 'channel event not published'),
        )
      : local);
  const { fastify } = await buildApp({ config, database, clientDir: resolve('dist/client'), logger: true, publisher });
  sink.log = fastify.log;
  if (applied.length) fastify.log.info({ applied }, 'migrations applied');
  const realtime = await attachRealtime(fastify.server, config);
  fastify.rounds.attach(realtime.io);
  const channels = new PusherServer(fastify.server, local, {
    key: config.secrets.pusherKey,
    secret: config.secrets.pusherSecret,
    maxSubscriptions: config.realtime.maxSubscriptions,
    maxConnectionsPerAddress: config.realtime.maxConnectionsPerIp,
    idleUnsubscribedMs: config.realtime.idleUnsubscribedMs,
    clientAddress: clientAddressResolver(config.trustProxy), // behind a proxy, the client and not the proxy
  });
  observeRealtime(fastify, realtime.io, channels); // connections, subscriptions, fan-out time
  await fastify.listen({ port: config.port, host: config.host });
  const metricsPort =
    config.metrics.port !== null && fastify.ops.metrics
      ? await metricsServer(fastify.ops.metrics, config.metrics.port, config.host)
      : null;
  fastify.ops.moneyCheck.start(); // leader only, every LEDGER_CHECK_SECONDS
  const stopLeaderboard = startLeaderboardJob(fastify, database.db); // pays each closed week once
  const exposed = exposedDevToolsWarning(config.env, config.host);
  if (exposed) {
    fastify.log.warn(exposed);
    process.stderr.write(`\n${exposed}\n`);
  }
  const shown = config.publicUrl ?? `http://localhost:${(fastify.server.address() as { port: number }).port}`;
  process.stdout.write(`\nLoot Arcade is running at ${shown}\n\n`);
  fastify.rounds.start(); // the round games (one process leads each loop)

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    fastify.log.info({ signal }, 'shutting down');
    fastify.ops.readiness.draining = true; // /api/health/ready answers 503 from now on
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    await stopLeaderboard();
    await fastify.ops.moneyCheck.stop();
    metricsPort?.close();
    await fastify.rounds.stop(); // gives the loops' leads up at once
    await channels.close();
    await realtime.close();
    await fastify.close(); // stops accepting, waits for requests in flight
    if (publisher instanceof QueuedPublisher) await publisher.idle(); // send what is queued
    await bus?.close();
    await database.close();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((e: unknown) => {
  process.stderr.write(`Failed to start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
