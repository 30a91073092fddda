// Operations (issue 28), wired into the app: request ids, readiness, Prometheus metrics (unless
// METRICS=off) and the money self-check. main.ts adds the realtime servers' gauges and starts the
// self-check's timer; see README "Operating Loot Arcade".
import { statSync, statfsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Server as SocketServer } from 'socket.io';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { observeGroupCommit } from '../db/transact.ts';
import type { HashQueue } from '../modules/auth/hash-queue.ts';
import { RateLimited } from '../plugins/rate-limit.ts';
import type { Publisher } from '../realtime/publisher.ts';
import type { PusherServer } from '../realtime/pusher-server.ts';
import { httpMetrics } from './http-metrics.ts';
import { createMetrics, type Metrics } from './metrics.ts';
import { metricsRoute } from './metrics-route.ts';
import { MoneyCheck } from './money-check.ts';
import { readinessRoute, type Readiness } from './readiness.ts';
import { requestIdHeader } from './request-id.ts';
import { roundObserver } from './round-metrics.ts';

/** What the app's operations hold. */
export interface Ops {
  metrics: Metrics | null; // null with METRICS=off
  readiness: Readiness;
  moneyCheck: MoneyCheck;
}

declare module 'fastify' {
  interface FastifyInstance {
    ops: Ops;
  }
}

/** Before the modules: request ids, readiness, the HTTP and bet metrics, /metrics. */
export function opsModule(fastify: FastifyInstance, database: Database, config: Config): Ops {
  requestIdHeader(fastify);
  const metrics = config.metrics.enabled ? createMetrics() : null;
  const readiness = readinessRoute(fastify, database, config);
  const moneyCheck = new MoneyCheck(database, config, metrics, fastify.log);
  fastify.addHook('onClose', () => moneyCheck.stop());
  const ops: Ops = { metrics, readiness, moneyCheck };
  fastify.decorate('ops', ops);
  if (!metrics) return ops;
  httpMetrics(fastify, metrics);
  metricsRoute(fastify, metrics, config);
  fastify.addHook('onError', (_request, _reply, error, done) => {
    if (error instanceof RateLimited) metrics.rateLimited.labels(error.limit).inc();
    done();
  });
  observeGroupCommit(database, (jobs, waitedMs) => {
    metrics.groupBatch.observe(jobs);
    metrics.groupWait.observe(waitedMs / 1000);
  });
  fastify.addHook('onClose', async () => observeGroupCommit(database, null));
  metrics.onScrape(() => diskGauges(metrics, config));
  return ops;
}

/** The disk of DATA_DIR (and the SQLite files): an alert fires well before it is full. */
function diskGauges(metrics: Metrics, config: Config): void {
  try {
    const fs = statfsSync(config.dataDir);
    metrics.dataDirAvailable.set(fs.bavail * fs.bsize);
    metrics.dataDirSize.set(fs.blocks * fs.bsize);
  } catch {
    // no such directory (yet): nothing to report
  }
  if (config.database.kind !== 'sqlite') return;
  for (const [label, file] of [
    ['db', config.database.file],
    ['wal', `${config.database.file}-wal`],
  ] as const) {
    try {
      metrics.sqliteBytes.labels(label).set(statSync(file).size);
    } catch {
      metrics.sqliteBytes.labels(label).set(0);
    }
  }
}

/** Counts what goes through `publisher` (events published). The publisher itself is kept (tests and
 * main.ts reach it by its class), with its publish counted. */
export function countedPublisher<P extends Publisher>(publisher: P, metrics: Metrics | null): P {
  if (!metrics) return publisher;
  const publish = publisher.publish.bind(publisher);
  const published = metrics.tally(metrics.published);
  publisher.publish = (channel, event, data) => {
    published.add();
    return publish(channel, event, data);
  };
  return publisher;
}

/** After the modules: the round loops, the battles' money and the password-hash queue. */
export function observeModules(fastify: FastifyInstance, database: Database, hashes: HashQueue): void {
  const metrics = fastify.ops.metrics;
  if (!metrics) return;
  fastify.rounds.observe(roundObserver(metrics, database, (err) => fastify.log.warn({ err }, 'round payout metric')));
  fastify.battleRunner.observer = {
    staked: (cents) => metrics.wagered.labels('battles').inc(cents),
    paid: (cents) => metrics.paid.labels('battles').inc(cents),
    refunded: (cents) => metrics.refunded.labels('battles').inc(cents),
  };
  hashes.onRefuse = (reason) => metrics.hashRefusals.labels(reason).inc();
  metrics.onScrape(() => {
    const { running, waiting } = hashes.stats();
    metrics.hashDepth.labels('running').set(running);
    metrics.hashDepth.labels('waiting').set(waiting);
  });
}

/** main.ts: the realtime servers' connections and subscriptions, and the Pusher fan-out time. */
export function observeRealtime(fastify: FastifyInstance, io: SocketServer, channels: PusherServer): void {
  const metrics = fastify.ops.metrics;
  if (!metrics) return;
  channels.onFanOut = (seconds) => metrics.fanOut.observe(seconds);
  metrics.onScrape(() => {
    const pusher = channels.stats();
    metrics.connections.labels('pusher').set(pusher.connections);
    metrics.connections.labels('socket.io').set(io.engine.clientsCount);
    metrics.subscriptions.reset();
    for (const [kind, n] of pusher.subscriptions) metrics.subscriptions.labels('pusher', kind).set(n);
    for (const [name, nsp] of io._nsps) metrics.subscriptions.labels('socket.io', name).set(nsp.sockets.size);
  });
}
