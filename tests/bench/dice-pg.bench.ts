// Dice on PostgreSQL: POST /api/dice/bet from 200 funded players at once (one connection each, its
// own bearer token: one player's bets queue on their row, as they must), on a fresh database
// created for the run and dropped after (pg-helpers.ts). Two loads:
// - closed loop: every connection sends its next bet when the last is answered, for 10 s. Bets/s is
//   the saturation throughput, and its latency is only queueing (200 in flight / throughput); with
//   the CPU per bet of the app process and of PostgreSQL (pg-helpers.ts postgresCpu: this database's
//   backends and the server's own processes, from /proc).
// - open loop (open-loop.ts): the same 200 players offer 800 bets/s in all (4 each) for 10 s whatever
//   the answers; the achieved rate and the latency a player sees at that rate, the goal's figures
//   (≥ 800 bets/s with p99 ≤ 100 ms).
// BENCH_PG_URL names the server (any database on it); without a reachable server it reports a skip.
import { loadavg } from 'node:os';
import { fundedPlayers, load, withAppAndBare } from './helpers.ts';
import { openLoop } from './open-loop.ts';
import { postgresCpu, withFreshPgDatabase } from './pg-helpers.ts';

const PLAYERS = 200;
const SECONDS = 10;
const OFFERED_PER_S = 800;

/** Runs the PostgreSQL dice benchmark and returns its figures. */
export async function dicePgBench(): Promise<Record<string, number | string>> {
  return withFreshPgDatabase((url, dbName) =>
    withAppAndBare(
      async ({ app, dataDir }) => {
        const players = await fundedPlayers(dataDir, PLAYERS, 100_000_000, url);
        const authorizations = players.map((p) => p.authorization);
        const body = JSON.stringify({ amount: 0.01, target: 50, direction: 'over' });
        const bet = {
          method: 'POST' as const,
          connections: PLAYERS,
          body,
          headers: { 'content-type': 'application/json' },
          authorizations,
        };
        await load(`${app.url}/api/dice/bet`, { ...bet, seconds: 2 }); // warm up: every player's first bet creates its seed pairs
        const closed = await load(`${app.url}/api/dice/bet`, {
          ...bet,
          seconds: SECONDS,
          cpuOf: app,
          otherCpu: postgresCpu(dbName),
        });
        const open = await openLoop(`${app.url}/api/dice/bet`, {
          rate: OFFERED_PER_S,
          warmup: 1,
          seconds: SECONDS,
          authorizations,
          body,
        });
        return {
          players: PLAYERS,
          dice_pg_bets_per_s: closed.rps,
          dice_pg_p50_ms: closed.p50,
          dice_pg_p99_ms: closed.p99,
          app_cpu_ms_per_bet: Number(closed.cpuMsPerReq.toFixed(3)),
          pg_cpu_ms_per_bet: Number(closed.otherCpuMsPerReq.toFixed(3)),
          errors: closed.errors,
          open_offered_per_s: open.offered_per_s,
          open_achieved_per_s: open.achieved_per_s,
          open_p50_ms: open.p50_ms,
          open_p99_ms: open.p99_ms,
          open_errors: open.errors,
          open_sender_lag_p99_ms: open.sender_lag_p99_ms,
          machine_load_1_min: loadavg()[0]!.toFixed(2), // other work on the 2 cores shows in every figure
          goal: `≥ ${OFFERED_PER_S} bets/s with p99 ≤ 100 ms (open loop)`,
        };
      },
      { DATABASE_URL: url, RATE_LIMIT_SCALE: '100000' },
    ),
  );
}
