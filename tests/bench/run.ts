// npm run bench: runs every benchmark in order and prints its figures. Targets are reported,
// not asserted: this machine's timing is noisy. `npm run bench -- <filter>` runs the matching ones.
// @ts-expect-error -- a plain .mjs script without types
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import { healthBench } from './health.bench.ts';
import { diceBench } from './dice.bench.ts';
import { metricsBench } from './metrics.bench.ts';
import { instantGamesBench } from './instant-games.bench.ts';
import { dicePgBench } from './dice-pg.bench.ts';
import { ledgerBench } from './ledger.bench.ts';
import { bundleBench } from './bundle.bench.ts';
import { fanoutBench, tokenGrantBench } from './auth.bench.ts';
import { boxesBench } from './boxes.bench.ts';
import { openingsBench } from './openings.bench.ts';
import { battlesBench } from './battles.bench.ts';
import { battleSceneBench } from './battle-scene.bench.ts';
import { crashBench } from './crash.bench.ts';
import { crashSceneBench } from './crash-scene.bench.ts';
import { plinkoBench } from './plinko.bench.ts';
import { idlePagesBench } from './idle-pages.bench.ts';
import { frameCostsBench } from './frame-costs.bench.ts';
import { sceneFpsBench } from './scene-fps.bench.ts';
import { sceneLayersBench } from './scene-layers.bench.ts';
import { clusterDiceBench, clusterFanoutBench } from './cluster.bench.ts';
import { chatFanoutBench } from './chat-fanout.bench.ts';

const benches: [string, () => Promise<Record<string, number | string>>][] = [
  ['GET /api/health vs bare Fastify (20 connections, 5 s)', healthBench],
  ['dice: POST /api/dice/bet vs bare Fastify (50 connections, 5 s) + scene frame cost', diceBench],
  [
    'metrics cost: POST /api/dice/bet with METRICS=on vs off (50 connections, 8 alternating turns of 4 s each, medians)',
    metricsBench,
  ],
  [
    'dice on PostgreSQL: POST /api/dice/bet, then POST /api/plinko/bet (16 rows), from 200 players, one connection and token each (10 s each), CPU per bet; dice also open-loop at 800 bets/s',
    dicePgBench,
  ],
  [
    'instant games: bare route, bare authenticated transaction, dice, openings ×1 and ×5, upgrade, plinko on SQLite and PostgreSQL (50 connections, one player each, 5 s per row)',
    instantGamesBench,
  ],
  ['ledger moves (debit + credit, one transaction) vs bare UPDATE, 3 s each', ledgerBench],
  ['bundle sizes (gzip, KB): home initial JS/CSS and each lazy chunk', bundleBench],
  ['POST /oauth/token password grants (20 connections, 20 s, OWASP scrypt)', tokenGrantBench],
  ['channel fan-out of one event to 1,000 pusher-js clients', fanoutBench],
  ['GET /api/boxes and /api/boxes/{slug} vs bare Fastify (50 connections, 5 s)', boxesBench],
  [
    'box openings: POST /api/boxes/{slug}/open ×1 and ×5 vs bare Fastify (50 connections, 5 s) + reel frame cost (5 reels)',
    openingsBench,
  ],
  ['battles: 100 battles at once (1v1, 3 boxes, 4.5 s rounds): round broadcast latency and CPU', battlesBench],
  ['battle scene: JS frame cost (4 seats, 4 reels spinning)', battleSceneBench],
  [
    'crash: round ticks to 3,000 socket.io clients vs a bare socket.io server; 500 cash-outs within one second',
    crashBench,
  ],
  ['rocket scene frame cost with a 500-row players list (headless Chromium)', crashSceneBench],
  [
    'plinko: trajectory per ball, POST /api/plinko/bet beside /api/dice/bet (50 connections, 5 s) + board frame cost with 100 balls vs none',
    plinkoBench,
  ],
  [
    "frame-costs: every scene's JS frame cost p95 (ms) idle and animating, and as a ratio to dice's (headless Chromium)",
    frameCostsBench,
  ],
  ['idle game pages: browser CPU (% of a core) on a static scene, no bet (rocket always flies)', idlePagesBench],
  [
    'scene fps: every scene idle and animating, ÷ the dice scene’s (budget ≥ 0.8 ×; Bounce with 100 balls ≥ 0.5 ×), headless Chromium',
    sceneFpsBench,
  ],
  [
    'scene layers: each layer of a scene hidden in turn, the scene ÷ dice (SCENE_LAYERS_ONLY, default crash and wheel), headless Chromium',
    sceneLayersBench,
  ],
  [
    'cluster: dice bets through nginx to 2 instances on PostgreSQL vs 1 instance direct (200 players, one connection each, 10 s) + CPU per bet per process',
    clusterDiceBench,
  ],
  [
    'cluster: channel fan-out of one event to 2,000 pusher-js clients over 2 instances (Redis pub/sub)',
    clusterFanoutBench,
  ],
  [
    'chat fan-out: one POST /api/chat to 2,000 raw Pusher-protocol subscribers of `chat`, one instance, then 2 instances over Redis (1,000 each), PostgreSQL',
    chatFanoutBench,
  ],
];

buildIfStale(); // the scene frame-cost figures need the built client
const only = process.argv[2];
for (const [name, run] of benches) {
  if (only && !name.includes(only)) continue;
  process.stdout.write(`\n● ${name}\n`);
  const figures = await run();
  for (const [k, v] of Object.entries(figures)) process.stdout.write(`  ${k.padEnd(24)} ${v}\n`);
}
