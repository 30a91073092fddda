// A Prometheus histogram for the request hot path: prom-client's own validates and hashes the labels
// on every observation (about a microsecond, the bulk of what metrics cost a dice bet); this one
// resolves a series once (`labels(...)`), and an observation is a bucket search and three additions.
// It registers with a prom-client Registry like any metric and renders in the same text format.
import type { Metric, Registry } from 'prom-client';

/** One line of the exposition, as prom-client's registry renders it. */
interface Line {
  labels: Record<string, string | number>;
  value: number;
  metricName: string;
}

interface Series {
  labels: Record<string, string>;
  counts: Float64Array; // per bucket, not cumulative
  sum: number;
  count: number;
}

/** One observation sink of a resolved series. */
export interface Observer {
  observe(value: number): void;
}

/** A histogram with fixed buckets and label names, its series resolved once by `labels`. */
export class FastHistogram<L extends string> {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, Series>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelNames: readonly L[],
    private readonly buckets: readonly number[],
    registries: Registry[],
  ) {
    for (const r of registries) r.registerMetric(this as unknown as Metric);
  }

  /** The series of these label values (in labelNames' order), made on first use. */
  labels(...values: string[]): Observer {
    const key = values.join('\u0000');
    let s = this.series.get(key);
    if (!s) {
      const labels = Object.fromEntries(this.labelNames.map((n, i) => [n, values[i] ?? '']));
      s = { labels, counts: new Float64Array(this.buckets.length), sum: 0, count: 0 };
      this.series.set(key, s);
    }
    const series = s;
    const bounds = this.buckets;
    return {
      observe(value: number): void {
        if (!Number.isFinite(value)) return;
        let i = 0;
        while (i < bounds.length && value > bounds[i]!) i++;
        if (i < bounds.length) series.counts[i]! += 1;
        series.sum += value;
        series.count += 1;
      },
    };
  }

  /** What the registry renders: cumulative buckets (then +Inf), sum and count per series. */
  get(): { name: string; help: string; type: 'histogram'; values: Line[]; aggregator: 'sum' } {
    const values: Line[] = [];
    for (const s of this.series.values()) {
      let cumulative = 0;
      this.buckets.forEach((le, i) => {
        cumulative += s.counts[i]!;
        values.push({ labels: { le, ...s.labels }, value: cumulative, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { le: '+Inf', ...s.labels }, value: s.count, metricName: `${this.name}_bucket` });
      values.push({ labels: s.labels, value: s.sum, metricName: `${this.name}_sum` });
      values.push({ labels: s.labels, value: s.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: 'histogram', values, aggregator: 'sum' };
  }

  reset(): void {
    this.series.clear();
  }
}
