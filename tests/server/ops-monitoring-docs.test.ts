// docs/monitoring (issue 28): every metric the alert rules and the Grafana dashboard query is one the
// server exports (a renamed metric would leave an alert silently never firing).
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { createMetrics } from '../../src/server/ops/metrics.ts';

const queried = (text: string) =>
  new Set(
    [...text.matchAll(/\b((?:loot|http|nodejs|process)_[a-z0-9_]+)/g)]
      .map((m) => m[1]!.replace(/_(bucket|count|sum)$/, ''))
      .filter((n) => !n.startsWith('loot-')),
  );

it('the alerts and the dashboard query only metrics the server exports', async () => {
  const metrics = createMetrics();
  const exported = new Set((await metrics.registry.getMetricsAsJSON()).map((m) => m.name));
  const alerts = readFileSync('docs/monitoring/alerts.yml', 'utf8');
  const dashboard = readFileSync('docs/monitoring/dashboard.json', 'utf8');
  const names = [...queried(alerts), ...queried(dashboard)];
  expect(names.length).toBeGreaterThan(15);
  expect(names.filter((n) => !exported.has(n))).toEqual([]);
  const panels = (JSON.parse(dashboard) as { panels: { title: string }[] }).panels.map((p) => p.title);
  for (const want of ['Bets/s per game', 'p50 per route', 'p99 per route', 'RTP per game (paid / wagered, 1h)'])
    expect(panels).toContain(want);
});
