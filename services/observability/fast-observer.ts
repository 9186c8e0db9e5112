import type { Histogram, LabelValues } from 'prom-client';

/** prom-client 15's record of one series of a histogram: a count per upper bound (not cumulative), sum and count. */
interface SeriesRecord {
  labels: LabelValues<string>;
  bucketValues: Record<number, number>;
  sum: number;
  count: number;
}

type WithSeries = { hashMap: Record<string, SeriesRecord> };

/**
 * An observer of one series (one fixed label set) of `histogram`, for a hot path. prom-client's own
 * `labels(...).observe` converts, validates and hashes the labels again on every call: with two clock reads that was
 * about a tenth of a raw fetch's CPU (docs/decisions.md, "The raw path's latency metric"). This one adds to the
 * series' record directly, counting exactly as `observe` does (the first bound the value does not exceed; above the
 * largest, only the count, which is `+Inf`). It leans on prom-client's internal record, so fast-observer.unit.spec.ts
 * checks it against `observe` value for value: an upgrade that changes the record fails there, not in production.
 * `upperBounds`: the histogram's buckets, ascending.
 */
export function fastObserver<T extends string>(histogram: Histogram<T>, labels: LabelValues<T>, upperBounds: readonly number[]): (seconds: number) => void {
  const map = () => (histogram as unknown as WithSeries).hashMap;
  let key = '';
  let record: SeriesRecord | undefined;
  // `zero` (public) creates the series; its key is prom-client's hash of the labels, found once. `reset` (a test,
  // the registry's resetMetrics) replaces the map: the series is created again on the next observation.
  const series = (): SeriesRecord => {
    if (record && map()[key] === record) return record;
    histogram.zero(labels);
    const found = Object.entries(map()).find(([, candidate]) => sameLabels(candidate.labels, labels));
    if (!found) throw new Error('fastObserver: the histogram keeps its series in an unknown form (prom-client changed?)');
    [key, record] = found;
    return record;
  };
  return (seconds) => {
    const target = series();
    target.sum += seconds;
    target.count += 1;
    for (const bound of upperBounds) {
      if (seconds <= bound) {
        target.bucketValues[bound] = (target.bucketValues[bound] ?? 0) + 1;
        return;
      }
    }
  };
}

function sameLabels(a: LabelValues<string>, b: LabelValues<string>): boolean {
  const keys = Object.keys(b);
  return Object.keys(a).length === keys.length && keys.every((name) => String(a[name]) === String(b[name]));
}
