/**
 * The health endpoints.
 *   /healthz  the process is up (liveness).
 *   /readyz   the stores answer and the read models have caught up with the event log
 *             (readiness): 503 with the lag while replaying after a start.
 */
import express from 'express';
import type { Backend } from '../../workers/bootstrap/composition';

/** How far behind (in events) the read models may be for the site to count as ready. */
export const READY_MAX_LAG = 0;

export function healthRoutes(backend: Backend): express.Router {
  const router = express.Router();
  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    try {
      const lag = await backend.projectionLag();
      const ready = lag <= READY_MAX_LAG;
      res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'catching up', lag });
    } catch (error) {
      backend.logger.error('readiness check failed', { err: error });
      res.status(503).json({ status: 'unavailable', error: 'A store did not answer' });
    }
  });
  return router;
}
