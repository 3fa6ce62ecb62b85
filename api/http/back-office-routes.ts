/** The back office's generic screens: the dashboard counts and the audit log (admin-only). */
import express from 'express';
import { z } from 'zod';
import type { AppQueries } from '../bootstrap/composition';
import type { CommandGateway } from './commands';
import { parseOrThrow } from './validation';

const auditQuery = z.object({
  subjectId: z.string().trim().min(1).max(100).optional(),
  limit: z
    .string()
    .regex(/^\d+$/, 'limit must be a whole number')
    .transform(Number)
    .pipe(z.number().min(1, 'limit must be 1 or more').max(500, 'limit must be at most 500'))
    .optional(),
});

export function backOfficeRoutes(
  queries: Pick<AppQueries, 'dashboardCounts' | 'auditLog'>,
  commands: Pick<CommandGateway<unknown>, 'handle'>,
): express.Router {
  const router = express.Router();
  router.get(
    '/dashboard',
    commands.handle(async (_req, res) => {
      res.json(await queries.dashboardCounts());
    }),
  );
  router.get(
    '/audit',
    commands.handle(async (req, res) => {
      const { subjectId, limit } = parseOrThrow(auditQuery, req.query);
      res.json(await queries.auditLog({ subjectId, limit }));
    }),
  );
  return router;
}
