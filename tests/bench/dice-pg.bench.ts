// Dice, then plinko, on PostgreSQL: POST /api/dice/bet and POST /api/plinko/bet from 200 funded
// players at once (one connection each, its own bearer token: one player's bets queue on their row,
// as they must), on a fresh database created for the run and dropped after (pg-helpers.ts).
// - closed loop, per game: every connection sends its next bet when the last is answered, for 10 s.
//   Bets/s is the saturation throughput, and its latency is only queueing (200 in flight /
//   throughput); with the CPU per bet of the app process and of PostgreSQL (pg-helpers.ts
//   postgresCpu: this database's backends and the server's own processes, from /proc).
// - open loop, dice (open-loop.ts): the same 200 players offer 800 bets/s in all (4 each) for 10 s
//   whatever the answers; the achieved rate and the latency a player sees at that rate, the goal's
//   figures (≥ 800 bets/s with p99 ≤ 100 ms).
// BENCH_PG_URL names the server (any database on it); without a reachable server it reports a skip.
import { loadavg } from 'node:os';
import { fundedPlayers, load, withAppAndBare } from './helpers.ts';
import { openLoop } from './open-loop.ts';
import { postgresCpu, withFreshPgDatabase } from './pg-helpers.ts';

const PLAYERS = 200;
const SECONDS = 10;
const OFFERED_PER_S = 800;

/** Runs the PostgreSQL dice and plinko benchmark and returns its figures. */
export async function dicePgBench(): Promise<Record<string, number | string>> {
  return withFreshPgDatabase((url, dbName) =>
    withAppAndBare(
      async ({ app, dataDir }) => {
        const authorizations = (await fundedPlayers(dataDir, PLAYERS, 100_000_000, url)).map((p) => p.authorization);
        const dice = JSON.stringify({ amount: 0.01, target: 50, direction: 'over' });
        /** One game's closed-loop figures, after a warm-up whose first bets create every seed pair. */
        const closedLoop = async (game: string, path: string, body: string) => {
          const bet = { method: 'POST' as const, connections: PLAYERS, body, authorizations };
          const headers = { 'content-type': 'application/json' };
          await load(`${app.url}${path}`, { ...bet, headers, seconds: 2 });
          const r = await load(`${app.url}${path}`, {
            ...bet,
            headers,
            seconds: SECONDS,
            cpuOf: app,
            otherCpu: postgresCpu(dbName),
          });
          return {
            [`${game}_pg_bets_per_s`]: r.rps,
            [`${game}_pg_p50_ms`]: r.p50,
            [`${game}_pg_p99_ms`]: r.p99,
            [`${game}_app_cpu_ms_per_bet`]: Number(r.cpuMsPerReq.toFixed(3)),
            [`${game}_pg_cpu_ms_per_bet`]: Number(r.otherCpuMsPerReq.toFixed(3)),
            [`${game}_errors`]: r.errors,
          };
        };
        const closedDice = await closedLoop('dice', '/api/dice/bet', dice);
        const open = await openLoop(`${app.url}/api/dice/bet`, {
          rate: OFFERED_PER_S,
          warmup: 1,
          seconds: SECONDS,
          authorizations,
          body: dice,
        });
        // the same players drop plinko balls on the largest board (16 rows: two HMAC rounds per drop)
        const plinko = JSON.stringify({ amount: 0.01, rows: 16, risk: 'medium' });
        const closedPlinko = await closedLoop('plinko', '/api/plinko/bet', plinko);
        return {
          players: PLAYERS,
          ...closedDice,
          dice_open_offered_per_s: open.offered_per_s,
          dice_open_achieved_per_s: open.achieved_per_s,
          dice_open_p50_ms: open.p50_ms,
          dice_open_p99_ms: open.p99_ms,
          dice_open_errors: open.errors,
          dice_open_lag_p99_ms: open.sender_lag_p99_ms, // how late this process sent bets: its own share of the latency
          goal: `≥ ${OFFERED_PER_S} bets/s with p99 ≤ 100 ms (the open loop)`,
          ...closedPlinko,
          machine_load_1_min: loadavg()[0]!.toFixed(2), // other work on the 2 cores shows in every figure
        };
      },
      { DATABASE_URL: url, RATE_LIMIT_SCALE: '100000' },
    ),
  );
}
