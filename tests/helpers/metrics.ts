// Reading the app's Prometheus metrics in server tests: a scrape of GET /metrics (as a loopback
// client) and the value of one sample of its text.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** The exposition text of `fastify`'s /metrics. */
export async function scrapeMetrics(fastify: FastifyInstance): Promise<string> {
  const res = await fastify.inject({ method: 'GET', url: '/metrics', headers: { host: 'localhost:3000' } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
}

/** The value of one sample of the exposition text (0 when absent). */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const inside = /\{(.*)\}/.exec(line)?.[1] ?? '';
    const have = inside ? inside.split(/,(?=[a-z_]+=")/) : [];
    if (want.every((w) => have.includes(w))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}
