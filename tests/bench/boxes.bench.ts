// Catalog reads on the real server (seeded SQLite): GET /api/boxes and GET /api/boxes/{slug}
// at concurrency 50, beside a bare Fastify route, as ratios.
import { load, withAppAndBare } from './helpers.ts';

/** Runs the boxes catalog benchmark and returns its figures. */
export function boxesBench(): Promise<Record<string, number>> {
  return withAppAndBare(async ({ app, bare }) => {
    const opts = { seconds: 5, connections: 50 };
    await load(`${app.url}/api/boxes`, { seconds: 1, connections: 50 }); // warm up
    await load(`${bare.url}/bare`, { seconds: 1, connections: 50 });
    const list = await load(`${app.url}/api/boxes`, opts);
    const detail = await load(`${app.url}/api/boxes/everything-box`, opts);
    const baseline = await load(`${bare.url}/bare`, opts);
    return {
      list_rps: list.rps,
      list_p99_ms: list.p99,
      detail_rps: detail.rps,
      detail_p99_ms: detail.p99,
      bare_rps: baseline.rps,
      list_ratio: Number((list.rps / baseline.rps).toFixed(3)),
      detail_ratio: Number((detail.rps / baseline.rps).toFixed(3)),
      errors: list.errors + detail.errors + baseline.errors,
    };
  });
}
