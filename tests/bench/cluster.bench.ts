// The cluster (issue #18): `npm run cluster` with 2 instances on a fresh PostgreSQL database and
// Redis, behind nginx. (1) Dice bets per second and p50/p99 at concurrency 200 (200 players, one per
// connection, so a player's bets serialise on their row) through nginx, beside instance 1 alone
// without nginx in the same run, with the CPU each process spent per bet. Everything (load
// generator, nginx, PostgreSQL, both instances) shares this machine's 2 cores, so two instances
// cannot show a scaling factor: the CPU per bet says where the time goes. (2) One channel event to
// 2,000 pusher-js clients, 1,000 connected to each instance: published on instance 1, it reaches
// instance 2's clients through Redis pub/sub; delivery p50/p99 from the publish call.
import Pusher from 'pusher-js';
import autocannon from 'autocannon';
import { HttpPublisher } from '../../src/server/realtime/http-publisher.ts';
import {
  cpuMeter,
  fundedPlayersPg,
  nginxWorkers,
  pgBackends,
  withCluster,
  type Cluster,
  type CpuGroups,
} from './cluster-helpers.ts';
import { percentile } from './helpers.ts';

const players = 200;

/** The processes whose CPU is measured, by label (the load generator is added by cpuMeter). */
function groups(c: Cluster): CpuGroups {
  return {
    i1: () => [c.pids[0]!],
    i2: () => [c.pids[1]!],
    nginx: () => [c.nginxPid, ...nginxWorkers(c.nginxPid)],
    postgres: () => pgBackends(c.dbName),
  };
}

/** CPU ms per second each process spends with no load (round loops, timers): subtracted from a run. */
async function idleRates(c: Cluster, seconds: number): Promise<Record<string, number>> {
  const cpu = cpuMeter(groups(c));
  await new Promise((r) => setTimeout(r, seconds * 1000));
  return Object.fromEntries(Object.entries(cpu.stop()).map(([k, ms]) => [k, k === 'loadgen' ? 0 : ms / seconds]));
}

/** One autocannon run of dice bets, each connection its own player; figures and CPU per bet (the
 * idle rate taken off, so an instance's round loops are not charged to the bets). */
async function betRun(
  c: Cluster,
  url: string,
  authorizations: string[],
  seconds: number,
  idle: Record<string, number>,
) {
  let next = 0;
  const cpu = cpuMeter(groups(c));
  const r = await autocannon({
    url: `${url}/api/dice/bet`,
    method: 'POST',
    connections: players,
    duration: seconds,
    body: JSON.stringify({ amount: 0.01, target: 50, direction: 'over' }),
    setupClient: (client) => {
      client.setHeaders({
        authorization: authorizations[next++ % authorizations.length]!,
        'content-type': 'application/json',
      });
    },
  });
  const used = Object.fromEntries(
    Object.entries(cpu.stop()).map(([k, ms]) => [k, Math.max(0, ms - (idle[k] ?? 0) * seconds)]),
  );
  const bets = r['2xx'];
  const perBet = Object.fromEntries(
    Object.entries(used).map(([k, ms]) => [`cpu_ms_per_bet_${k}`, bets ? Number((ms / bets).toFixed(3)) : 0]),
  );
  const total = Object.values(used).reduce((a, b) => a + b, 0);
  const codes = Object.entries(r.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, s]) => `${code}×${s.count}`)
    .join(' ');
  return {
    bets_per_s: Number((bets / seconds).toFixed(0)),
    p50_ms: r.latency.p50,
    p99_ms: r.latency.p99,
    errors: `${r.non2xx} non-2xx${codes ? ` (${codes})` : ''}, ${r.errors} socket errors, ${r.timeouts} timeouts`,
    ...perBet,
    cpu_ms_per_bet_total: bets ? Number((total / bets).toFixed(3)) : 0,
    cpu_cores_busy: Number((total / 1000 / seconds).toFixed(2)),
    // what 2 whole cores would allow at this CPU per bet (an upper bound: the cores are shared here)
    cpu_ceiling_2_cores_bets_per_s: total ? Math.round((2000 * bets) / total) : 0,
  };
}

/** Dice at concurrency 200: through nginx to 2 instances, and to instance 1 directly. */
export function clusterDiceBench(): Promise<Record<string, number | string>> {
  return withCluster(2, async (c) => {
    const authorizations = await fundedPlayersPg(c, players, 100_000_000);
    const direct = `http://127.0.0.1:${c.ports[0]}`;
    const idle = await idleRates(c, 5);
    await betRun(c, c.url, authorizations, 3, idle); // warm up both instances and their pools
    const one = await betRun(c, direct, authorizations, 10, idle);
    await betRun(c, c.url, authorizations, 2, idle); // the pools of instance 2 again (idle 10 s closes them)
    const two = await betRun(c, c.url, authorizations, 10, idle);
    const figures: Record<string, number | string> = { players_connections: players };
    for (const [k, v] of Object.entries(idle)) if (k !== 'loadgen') figures[`idle_cpu_ms_per_s_${k}`] = Math.round(v);
    for (const [k, v] of Object.entries(one)) figures[`one_${k}`] = v;
    for (const [k, v] of Object.entries(two)) figures[`nginx2_${k}`] = v;
    figures.goal = '≥ 800 bets/s, p99 ≤ 100 ms (2 shared cores: no scaling factor can show)';
    return figures;
  });
}

/** One channel event to 2,000 pusher-js clients spread over both instances: delivery p50/p99. */
export function clusterFanoutBench(): Promise<Record<string, number | string>> {
  return withCluster(
    2,
    async (c) => {
      const perInstance = 1000;
      const events = 10;
      const clients: Pusher[] = [];
      // delivery times of the current event, by the instance the client is connected to
      let t0 = 0;
      let got: number[][] = [[], []];
      let onAll: (() => void) | null = null;
      const connect = (instance: number) => {
        const p = new Pusher(c.secrets.PUSHER_APP_KEY, {
          cluster: 'eu',
          wsHost: '127.0.0.1',
          wsPort: c.ports[instance]!,
          forceTLS: false,
          enabledTransports: ['ws'],
          enableStats: false,
        });
        clients.push(p);
        const ch = p.subscribe('lastDrop');
        ch.bind('clusterBench', () => {
          got[instance]!.push(performance.now() - t0);
          if (got[0]!.length + got[1]!.length === 2 * perInstance) onAll?.();
        });
        return new Promise<void>((r) => ch.bind('pusher:subscription_succeeded', () => r()));
      };
      try {
        const start = performance.now();
        for (let b = 0; b < perInstance; b += 250) {
          await Promise.all(Array.from({ length: 250 }, (_, i) => connect(i % 2)));
          await Promise.all(Array.from({ length: 250 }, (_, i) => connect((i + 1) % 2)));
        }
        const subscribeMs = performance.now() - start;
        const publisher = new HttpPublisher({
          host: `http://127.0.0.1:${c.ports[0]}`,
          appId: 'loot-arcade',
          key: c.secrets.PUSHER_APP_KEY,
          secret: c.secrets.PUSHER_APP_SECRET,
        });
        const same: number[] = [];
        const other: number[] = [];
        const lastOfEach: number[] = [];
        let missed = 0;
        for (let e = 0; e < events; e++) {
          got = [[], []];
          const all = new Promise<void>((r) => (onAll = r));
          t0 = performance.now();
          await publisher.publish('lastDrop', 'clusterBench', { n: e, item: { price: 12.5, rarity: 'gold' } });
          await Promise.race([all, new Promise((r) => setTimeout(r, 10_000))]);
          missed += 2 * perInstance - got[0]!.length - got[1]!.length;
          same.push(...got[0]!);
          other.push(...got[1]!);
          lastOfEach.push(Math.max(...got[0]!, ...got[1]!));
          await new Promise((r) => setTimeout(r, 200));
        }
        const every = [...same, ...other];
        const ms = (v: number) => Number(v.toFixed(1));
        return {
          clients: 2 * perInstance,
          events,
          subscribe_all_ms: Math.round(subscribeMs),
          delivery_p50_ms: ms(percentile(every, 50)),
          delivery_p99_ms: ms(percentile(every, 99)),
          publishing_instance_p50_ms: ms(percentile(same, 50)),
          publishing_instance_p99_ms: ms(percentile(same, 99)),
          other_instance_p50_ms: ms(percentile(other, 50)),
          other_instance_p99_ms: ms(percentile(other, 99)),
          last_delivery_p50_ms: ms(percentile(lastOfEach, 50)),
          missed_deliveries: missed,
        };
      } finally {
        for (const p of clients) p.disconnect();
      }
    },
    { WS_MAX_CONNECTIONS_PER_IP: '0' }, // 2,000 clients from loopback
  );
}
