// 100 battles running at once on one in-process server (SQLite, the real clock): each is a 1v1
// of 3 boxes started by add-bots at the same moment. Figures: the round broadcast latency (the
// battleRoundStarted event published − the moment its step was due, started_at + lead + r × round)
// p50/p99 (and for rounds 1+, after the burst of starts), the start (add-bots request) p99 and the process CPU over the run. The scene's frame
// cost belongs to the client half.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seedCatalog } from '../../src/server/modules/boxes/boxes.service.ts';
import { LocalPublisher } from '../../src/server/realtime/publisher.ts';
import { createPlayer } from '../helpers/users.ts';
import { percentile } from './helpers.ts';

const BATTLES = 100;
const ROUND_MS = 4500;
const LEAD_MS = 1500;

/** Runs the battles benchmark and returns its figures. */
export async function battlesBench(): Promise<Record<string, number | string>> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'la-bench-battles-')),
    BATTLE_ROUND_MS: String(ROUND_MS),
    BATTLE_LEAD_MS: String(LEAD_MS),
  });
  const database = openDatabase(config.database);
  await migrate(database);
  await seedCatalog(database.db, Date.now());
  const publisher = new LocalPublisher();
  const { fastify } = await buildApp({ config, database, clientDir: null, publisher });
  const slug = (
    await database.db.selectFrom('boxes').select('slug').where('box_type', '!=', 'free').executeTakeFirstOrThrow()
  ).slug;
  const startedAt = new Map<number, number>();
  const latencies: number[] = [];
  const later: number[] = []; // rounds 1+, once the burst of 100 starts is over
  let ended = 0;
  let done: () => void = () => undefined;
  const allEnded = new Promise<void>((resolve) => (done = resolve));
  publisher.subscribe((e) => {
    const data = e.data as { id: number; round: number; started_at: string };
    if (e.event === 'battleStarted') startedAt.set(data.id, Date.parse(data.started_at));
    if (e.event === 'battleRoundStarted') {
      const late = Date.now() - (startedAt.get(data.id)! + LEAD_MS + data.round * ROUND_MS);
      latencies.push(late);
      if (data.round > 0) later.push(late);
    }
    if (e.event === 'battleEnded' && ++ended === BATTLES) done();
  });
  try {
    const ids: { id: number; authorization: string }[] = [];
    for (let i = 0; i < BATTLES; i++) {
      const p = await createPlayer(database.db, config.secrets.appSecret, { balanceCents: 1_000_000, name: `B${i}` });
      const res = await fastify.inject({
        method: 'POST',
        url: '/api/battles/create',
        headers: p.headers,
        payload: { boxes: [slug, slug, slug], mode: '1v1' },
      });
      ids.push({ id: (res.json() as { data: { id: number } }).data.id, authorization: p.headers.authorization });
    }
    const cpu = process.cpuUsage();
    const wall = performance.now();
    const starts = await Promise.all(
      ids.map(async ({ id, authorization }) => {
        const t0 = performance.now();
        await fastify.inject({
          method: 'POST',
          url: `/api/battles/${id}/add-bots`,
          headers: { authorization },
          payload: { bots: 1 },
        });
        return performance.now() - t0;
      }),
    );
    await allEnded;
    const used = process.cpuUsage(cpu);
    const seconds = (performance.now() - wall) / 1000;
    return {
      battles: BATTLES,
      rounds_broadcast: latencies.length,
      round_latency_p50_ms: percentile(latencies, 50),
      round_latency_p99_ms: percentile(latencies, 99),
      rounds_1plus_p99_ms: percentile(later, 99),
      start_p99_ms: percentile(starts, 99),
      run_seconds: Number(seconds.toFixed(1)),
      cpu_percent_of_core: Number((((used.user + used.system) / 1000 / (seconds * 1000)) * 100).toFixed(1)),
    };
  } finally {
    await fastify.close();
    await database.close();
  }
}
