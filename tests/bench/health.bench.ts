// GET /api/health on the real server (database round trip) beside a bare Fastify route.
import { load, withAppAndBare } from './helpers.ts';

/** Runs the health benchmark and returns its figures. */
export function healthBench(): Promise<Record<string, number>> {
  return withAppAndBare(async ({ app, bare }) => {
    await load(`${app.url}/api/health`, { seconds: 1 }); // warm up
    await load(`${bare.url}/bare`, { seconds: 1 });
    const health = await load(`${app.url}/api/health`);
    const baseline = await load(`${bare.url}/bare`);
    return {
      health_rps: health.rps,
      health_p99_ms: health.p99,
      bare_rps: baseline.rps,
      bare_p99_ms: baseline.p99,
      ratio: Number((health.rps / baseline.rps).toFixed(2)),
      errors: health.errors + baseline.errors,
    };
  });
}
