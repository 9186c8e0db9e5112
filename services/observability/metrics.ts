import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { fastObserver } from './fast-observer';

/** Upper bounds of the request latency histogram, in seconds. */
export const REQUEST_DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5] as const;

/** Series of `requestDuration` with an observer of their own (methods x route patterns x statuses stay far below). */
const MAX_REQUEST_SERIES = 2000;

/** Prometheus metrics of one server instance (its own registry, so several servers can live in one test process). */
export class Metrics {
  readonly registry = new Registry();
  readonly requestDuration = new Histogram({
    name: 'luavault_http_request_duration_seconds',
    help: 'HTTP request latency by route',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [...REQUEST_DURATION_BUCKETS],
    registers: [this.registry],
  });
  readonly eventsAppended = new Counter({
    name: 'luavault_events_appended_total',
    help: 'Events appended to the event store by this process',
    labelNames: ['type'] as const,
    registers: [this.registry],
  });
  readonly projectionLagEvents = new Gauge({
    name: 'luavault_projection_lag_events',
    help: 'Events in the log not yet applied to every read model (exact on the embedded store; log positions on EventStoreDB)',
    registers: [this.registry],
  });
  readonly projectionLagSeconds = new Gauge({
    name: 'luavault_projection_lag_seconds',
    help: 'Age of the oldest event not yet applied to every read model (0 when caught up)',
    registers: [this.registry],
  });

  readonly subscriptionErrors = new Counter({
    name: 'luavault_event_subscription_errors_total',
    help: 'Errors of event-store subscriptions (each retried with backoff), by kind (EventStoreDB error type, ended, other)',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  readonly cacheBytes = new Gauge({
    name: 'luavault_cache_bytes',
    help: 'Bytes each in-process cache holds, as counted against its budget (READ_CACHE_MB, TEXT_CACHE_MB, decided states)',
    labelNames: ['cache'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'luavault_' });
  }

  /** One observer per method, route and status seen (fast-observer.ts); past the bound, prom-client's own observe. */
  private readonly requestObservers = new Map<string, (seconds: number) => void>();

  /**
   * What records a request's latency in `requestDuration` for one method, route and status. `route` is a route
   * pattern, never a raw URL (the labels stay bounded).
   */
  requestObserver(method: string, route: string, status: number): (seconds: number) => void {
    const key = `${method} ${status} ${route}`;
    const known = this.requestObservers.get(key);
    if (known) return known;
    const labels = { method, route, status: String(status) };
    if (this.requestObservers.size >= MAX_REQUEST_SERIES) return (seconds) => this.requestDuration.observe(labels, seconds);
    const observe = fastObserver(this.requestDuration, labels, REQUEST_DURATION_BUCKETS);
    this.requestObservers.set(key, observe);
    return observe;
  }

  /** Called on each scrape: refreshes gauges that are computed, not counted. */
  onScrape: (() => Promise<void>) | null = null;

  async render(): Promise<{ contentType: string; body: string }> {
    await this.onScrape?.();
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
