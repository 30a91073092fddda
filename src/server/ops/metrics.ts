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
  // One line per instrument below: its name, help text, (histogram) buckets and label names.
  const counter = <L extends string = string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Counter<L>({ name, help, labelNames, registers: r });
  const gauge = <L extends string = string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Gauge<L>({ name, help, labelNames, registers: r });
  const histogram = <L extends string = string>(
    name: string,
    help: string,
    buckets: number[],
    labelNames: readonly L[] = [],
  ) => new Histogram<L>({ name, help, buckets, labelNames, registers: r });
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
    bets: counter('loot_bets_total', 'Bets (and battle seats) per game: accepted, or refused with a reason', [
      'game',
      'outcome',
      'reason',
    ]),
    wagered: counter(
      'loot_wagered_cents_total',
      'Amount staked per game, in cents (upgrade: balance plus the staked items at their price)',
      ['game'],
    ),
    paid: counter(
      'loot_paid_cents_total',
      'Amount paid out per game, in cents (items at their price); round games counted by the leader at round end, battles when settled',
      ['game'],
    ),
    refunded: counter(
      'loot_refunded_cents_total',
      'Stakes given back per game, in cents, never payouts (a canceled battle or wheel bet, a voided Rocket round)',
      ['game'],
    ),
    settleSeconds: new FastHistogram(
      'loot_bet_settle_seconds',
      'From a bet request to its settled answer (instant games), or a round end commit (round games)',
      ['game'],
      LATENCY_BUCKETS,
      r,
    ),
    roundLeader: gauge('loot_round_leader', '1 while this process leads the round loop of the game', ['game']),
    roundPhase: gauge(
      'loot_round_phase',
      '1 for the phase the newest round of the game is in (as this process last saw it)',
      ['game', 'phase'],
    ),
    roundLag: histogram(
      'loot_round_status_lag_seconds',
      'Lag between the time a round status was due and its commit (leader)',
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      ['game'],
    ),
    roundLastLag: gauge('loot_round_status_last_lag_seconds', 'Lag of the last committed round status (leader)', [
      'game',
    ]),
    connections: gauge('loot_realtime_connections', 'Open realtime connections by protocol', ['protocol']),
    subscriptions: gauge(
      'loot_realtime_subscriptions',
      'Pusher channel subscriptions, and socket.io sockets per namespace',
      ['protocol', 'channel'],
    ),
    published: counter('loot_realtime_events_published_total', 'Channel events published by this process'),
    fanOut: histogram(
      'loot_realtime_fanout_seconds',
      'Time to deliver one published event to the subscribers of its channel on this process',
      [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5],
    ),
    groupBatch: histogram(
      'loot_db_group_commit_batch_size',
      'Jobs per shared SQLite transaction (group commit)',
      [1, 2, 4, 8, 16, 32, 64],
    ),
    groupWait: histogram(
      'loot_db_group_commit_wait_seconds',
      'From a job joining the group-commit queue to its batch starting',
      [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1],
    ),
    hashDepth: gauge('loot_password_hash_queue_depth', 'Password hashes running and waiting', ['state']),
    hashRefusals: counter('loot_password_hash_refusals_total', 'Password hashes refused or shed by the bounded queue', [
      'reason',
    ]),
    rateLimited: counter('loot_rate_limit_refusals_total', 'Requests refused by a rate limit (429), by limit', [
      'limit',
    ]),
    dataDirAvailable: gauge(
      'loot_data_dir_available_bytes',
      'Free space (for this user) on the filesystem of DATA_DIR, where SQLite and uploads live',
    ),
    dataDirSize: gauge('loot_data_dir_filesystem_bytes', 'Size of the filesystem of DATA_DIR'),
    sqliteBytes: gauge('loot_sqlite_file_bytes', 'The SQLite database file and its WAL, by file', ['file']),
    drift: gauge(
      'loot_ledger_drift_violations',
      'Money invariant violations found by the last self-check (0 when sound), by invariant',
      ['invariant'],
    ),
    driftChecked: gauge(
      'loot_ledger_check_last_run_timestamp_seconds',
      'When the money self-check last completed, by scope (window: recently changed players; full)',
      ['scope'],
    ),
    driftSeconds: gauge('loot_ledger_check_duration_seconds', 'How long the last money self-check took, by scope', [
      'scope',
    ]),
    driftPlayers: gauge('loot_ledger_check_players', 'Players the last money self-check looked at, by scope', [
      'scope',
    ]),
  };
}

/** One app's metrics. */
export type Metrics = ReturnType<typeof createMetrics>;
