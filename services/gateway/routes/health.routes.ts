import { Router } from 'express';
import type { Metrics } from '../../observability/metrics';
import type { ProjectionLag } from '../../observability/projection-lag';
import { requireMetricsToken } from '../middleware/metrics-token';

/** Read models further behind than this make the gateway unready: its answers would be stale. */
export const MAX_READY_LAG_SECONDS = 30;
const CHECK_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref())]);
}

/** `/healthz` (the process is alive), `/readyz` (stores answer, projections keep up), `/metrics` (Prometheus). */
export function healthRoutes(lag: ProjectionLag, metrics: Metrics, metricsToken?: string, log?: (message: string, error: unknown) => void): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    try {
      const reading = await withTimeout(lag.read(), CHECK_TIMEOUT_MS);
      const ready = reading.lagSeconds <= MAX_READY_LAG_SECONDS;
      res.status(ready ? 200 : 503).json({
        status: ready ? 'ready' : 'projections lagging',
        headPosition: reading.headPosition.toString(),
        projectedPosition: reading.projectedPosition.toString(),
        lagEvents: reading.lagEvents,
        lagSeconds: reading.lagSeconds,
      });
    } catch (error) {
      // The cause goes to the log, not the answer: a driver's message can name hosts or file paths.
      log?.('readiness check failed', error);
      res.status(503).json({ status: 'storage unavailable' });
    }
  });
  router.get('/metrics', requireMetricsToken(metricsToken), async (_req, res) => {
    const { contentType, body } = await metrics.render();
    res.type(contentType).send(body);
  });
  return router;
}
