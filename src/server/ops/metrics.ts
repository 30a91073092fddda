// The app's Prometheus metrics (prom-client): one Registry per app instance, so tests that build many
// apps in one process never clash on prom-client's global default registry. Everything an operator
// watches is declared here; the seams that feed it are in ops/ (HTTP and bet hooks, the money
// self-check, round loops, realtime, the group commit, the hash queue, rate limits).
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { FastHistogram } from './fast-histogram.ts';

/** The games whose bets are counted (the `game` label). */
export const GAMES = ['dice', 'plinko', 'upgrade', 'boxes', 'crash', 'wheel', 'battles'] as const;
export type Game = (typeof GAMES)[number];

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A counter's increments kept in a plain number on the hot path and added to prom-client's counter
 * at each scrape (its own inc validates and hashes the labels on every call: about half a µs). */
export interface Tally {
  add(n?: number): void;
}

/** Every instrument of one app. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 }); // process_*, nodejs_* (event-loop lag, heap, GC)
  const r = [registry];
  const collectors: (() => void)[] = []; // set gauges from live state just before a scrape
  return {
    registry,
    /** Adds a function that sets gauges from live state at each scrape. */
    onScrape(collect: () => void): void {
      collectors.push(collect);
    },
    /** A tally for `counter` (already labelled, or not): flushed into it before each scrape. */
    tally(counter: { inc(n: number): void }): Tally {
      let pending = 0;
      collectors.push(() => {
        if (pending > 0) counter.inc(pending);
        pending = 0;
      });
      return { add: (n = 1) => void (pending += n) };
    },
    /** The text exposition of every metric, after the collectors ran. */
    async render(): Promise<string> {
      for (const collect of collectors) collect();
      return registry.metrics();
    },
    httpDuration: new FastHistogram(
      'http_request_duration_seconds',
      'HTTP requests by route pattern (never the raw URL), method and status class',
      ['route', 'method', 'status_class'],
      LATENCY_BUCKETS,
      r,
    ),
    bets: new Counter({
      name: 'loot_bets_total',
      help: 'Bets (and battle seats) per game: accepted, or refused with a reason',
      labelNames: ['game', 'outcome', 'reason'] as const,
      registers: r,
    }),
    wagered: new Counter({
      name: 'loot_wagered_cents_total',
      help: 'Amount staked per game, in cents (upgrade: balance plus the staked items at their price)',
      labelNames: ['game'] as const,
      registers: r,
    }),
    paid: new Counter({
      name: 'loot_paid_cents_total',
      help: 'Amount paid out per game, in cents (items at their price); round games counted by the leader at round end, battles when settled',
      labelNames: ['game'] as const,
      registers: r,
    }),
    refunded: new Counter({
      name: 'loot_refunded_cents_total',
      help: 'Stakes given back per game, in cents, never payouts (a canceled battle or wheel bet, a voided Rocket round)',
      labelNames: ['game'] as const,
      registers: r,
    }),
    settleSeconds: new FastHistogram(
      'loot_bet_settle_seconds',
      'From a bet request to its settled answer (instant games), or a round end commit (round games)',
      ['game'],
      LATENCY_BUCKETS,
      r,
    ),
    roundLeader: new Gauge({
      name: 'loot_round_leader',
      help: '1 while this process leads the round loop of the game',
      labelNames: ['game'] as const,
      registers: r,
    }),
    roundPhase: new Gauge({
      name: 'loot_round_phase',
      help: '1 for the phase the newest round of the game is in (as this process last saw it)',
      labelNames: ['game', 'phase'] as const,
      registers: r,
    }),
    roundLag: new Histogram({
      name: 'loot_round_status_lag_seconds',
      help: 'Lag between the time a round status was due and its commit (leader)',
      labelNames: ['game'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: r,
    }),
    roundLastLag: new Gauge({
      name: 'loot_round_status_last_lag_seconds',
      help: 'Lag of the last committed round status (leader)',
      labelNames: ['game'] as const,
      registers: r,
    }),
    connections: new Gauge({
      name: 'loot_realtime_connections',
      help: 'Open realtime connections by protocol',
      labelNames: ['protocol'] as const,
      registers: r,
    }),
    subscriptions: new Gauge({
      name: 'loot_realtime_subscriptions',
      help: 'Pusher channel subscriptions, and socket.io sockets per namespace',
      labelNames: ['protocol', 'channel'] as const,
      registers: r,
    }),
    published: new Counter({
      name: 'loot_realtime_events_published_total',
      help: 'Channel events published by this process',
      registers: r,
    }),
    fanOut: new Histogram({
      name: 'loot_realtime_fanout_seconds',
      help: 'Time to deliver one published event to the subscribers of its channel on this process',
      buckets: [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5],
      registers: r,
    }),
    groupBatch: new Histogram({
      name: 'loot_db_group_commit_batch_size',
      help: 'Jobs per shared SQLite transaction (group commit)',
      buckets: [1, 2, 4, 8, 16, 32, 64],
      registers: r,
    }),
    groupWait: new Histogram({
      name: 'loot_db_group_commit_wait_seconds',
      help: 'From a job joining the group-commit queue to its batch starting',
      buckets: [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1],
      registers: r,
    }),
    hashDepth: new Gauge({
      name: 'loot_password_hash_queue_depth',
      help: 'Password hashes running and waiting',
      labelNames: ['state'] as const,
      registers: r,
    }),
    hashRefusals: new Counter({
      name: 'loot_password_hash_refusals_total',
      help: 'Password hashes refused or shed by the bounded queue',
      labelNames: ['reason'] as const,
      registers: r,
    }),
    rateLimited: new Counter({
      name: 'loot_rate_limit_refusals_total',
      help: 'Requests refused by a rate limit (429), by limit',
      labelNames: ['limit'] as const,
      registers: r,
    }),
    dataDirAvailable: new Gauge({
      name: 'loot_data_dir_available_bytes',
      help: 'Free space (for this user) on the filesystem of DATA_DIR, where SQLite and uploads live',
      registers: r,
    }),
    dataDirSize: new Gauge({
      name: 'loot_data_dir_filesystem_bytes',
      help: 'Size of the filesystem of DATA_DIR',
      registers: r,
    }),
    sqliteBytes: new Gauge({
      name: 'loot_sqlite_file_bytes',
      help: 'The SQLite database file and its WAL, by file',
      labelNames: ['file'] as const,
      registers: r,
    }),
    drift: new Gauge({
      name: 'loot_ledger_drift_violations',
      help: 'Money invariant violations found by the last self-check (0 when sound), by invariant',
      labelNames: ['invariant'] as const,
      registers: r,
    }),
    driftChecked: new Gauge({
      name: 'loot_ledger_check_last_run_timestamp_seconds',
      help: 'When the money self-check last completed, by scope (window: recently changed players; full)',
      labelNames: ['scope'] as const,
      registers: r,
    }),
    driftSeconds: new Gauge({
      name: 'loot_ledger_check_duration_seconds',
      help: 'How long the last money self-check took, by scope',
      labelNames: ['scope'] as const,
      registers: r,
    }),
    driftPlayers: new Gauge({
      name: 'loot_ledger_check_players',
      help: 'Players the last money self-check looked at, by scope',
      labelNames: ['scope'] as const,
      registers: r,
    }),
  };
}

/** One app's metrics. */
export type Metrics = ReturnType<typeof createMetrics>;
