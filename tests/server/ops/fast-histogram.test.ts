// The hot-path histogram renders exactly what prom-client's own Histogram renders for the same
// observations: buckets cumulative, +Inf, sum and count per series, in the text format.
import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { FastHistogram } from '../../../src/server/ops/fast-histogram.ts';

const BUCKETS = [0.001, 0.01, 0.1, 1];
const OBSERVED: [string, string, number][] = [
  ['/a', 'GET', 0.0005],
  ['/a', 'GET', 0.001], // on a bound: counted in it (le is inclusive)
  ['/a', 'GET', 0.05],
  ['/a', 'GET', 7], // above every bound: +Inf only
  ['/b', 'POST', 0.2],
];

describe('FastHistogram', () => {
  it('renders like prom-client’s Histogram', async () => {
    const theirs = new Registry();
    const ours = new Registry();
    const reference = new Histogram({
      name: 'h_seconds',
      help: 'help text',
      labelNames: ['route', 'method'],
      buckets: BUCKETS,
      registers: [theirs],
    });
    const fast = new FastHistogram('h_seconds', 'help text', ['route', 'method'], BUCKETS, [ours]);
    for (const [route, method, v] of OBSERVED) {
      reference.labels(route, method).observe(v);
      fast.labels(route, method).observe(v);
    }
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).toContain('h_seconds_bucket{le="0.001",route="/a",method="GET"} 2');
    expect(text).toContain('h_seconds_bucket{le="+Inf",route="/a",method="GET"} 4');
  });

  it('ignores a value that is not a finite number, and reset empties it', async () => {
    const registry = new Registry();
    const fast = new FastHistogram('h2_seconds', 'help', ['game'], BUCKETS, [registry]);
    const dice = fast.labels('dice');
    dice.observe(Number.NaN);
    dice.observe(0.002);
    expect(await registry.metrics()).toContain('h2_seconds_count{game="dice"} 1');
    fast.reset();
    expect(await registry.metrics()).not.toContain('h2_seconds_count');
  });
});
