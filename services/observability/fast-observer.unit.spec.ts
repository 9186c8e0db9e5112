import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { fastObserver } from './fast-observer';
import { REQUEST_DURATION_BUCKETS as BUCKETS } from './metrics';

const histogram = (registry: Registry) =>
  new Histogram({ name: 'test_duration_seconds', help: 'test', labelNames: ['method', 'route', 'status'] as const, buckets: [...BUCKETS], registers: [registry] });

/** Values on, between, below and above the bounds. */
const VALUES = [0, 0.0001, 0.0005, 0.00051, 0.001, 0.003, 0.01, 0.0999, 0.1, 0.4, 1, 2.5, 2.6, 30, 0.0005];

describe('fastObserver', () => {
  it('counts exactly as prom-client observe does: buckets, sum, count and +Inf, in the exposition', async () => {
    const [slowRegistry, fastRegistry] = [new Registry(), new Registry()];
    const slow = histogram(slowRegistry);
    const fast = histogram(fastRegistry);
    const labels = { method: 'GET', route: '/raw (fast path)', status: '200' };
    const observe = fastObserver(fast, labels, BUCKETS);
    for (const value of VALUES) {
      slow.labels(labels).observe(value);
      observe(value);
    }
    slow.labels({ ...labels, status: '304' }).observe(0.002);
    fastObserver(fast, { ...labels, status: '304' }, BUCKETS)(0.002);
    expect(await fast.get()).toEqual(await slow.get());
    expect(await fastRegistry.metrics()).toBe(await slowRegistry.metrics());
    expect(await fastRegistry.metrics()).toContain('test_duration_seconds_bucket{le="+Inf",method="GET",route="/raw (fast path)",status="200"} 15');
  });

  it('shares its series with observe on the same labels and keeps counting after a reset', async () => {
    const registry = new Registry();
    const metric = histogram(registry);
    const labels = { method: 'GET', route: '/r', status: '200' };
    const observe = fastObserver(metric, labels, BUCKETS);
    observe(0.001);
    metric.labels(labels).observe(0.001);
    expect((await metric.get()).values.find((v) => v.metricName === 'test_duration_seconds_count')?.value).toBe(2);
    registry.resetMetrics();
    observe(0.2);
    const values = (await metric.get()).values;
    const bucket = (le: number) => values.find((v) => v.metricName === 'test_duration_seconds_bucket' && (v.labels as Record<string, unknown>).le === le)?.value;
    expect(values.find((v) => v.metricName === 'test_duration_seconds_count')?.value).toBe(1);
    expect(values.find((v) => v.metricName === 'test_duration_seconds_sum')?.value).toBe(0.2);
    expect(bucket(0.1)).toBe(0);
    expect(bucket(0.25)).toBe(1);
  });
});
