/** The back office's generic screens: the dashboard counts and the audit log (admin-only). */
import express from 'express';
import { z } from 'zod';
import type { AppQueries } from '../../workers/bootstrap/composition';
import type { CommandGateway } from './commands';
import { sendCsv } from './csv';
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

const filterParams = {
  kind: z.string().trim().max(40, 'kind must be at most 40 characters').optional(),
  actor: z.string().trim().max(254, 'actor must be at most 254 characters').optional(),
  subjectId: z.string().trim().min(1).max(100).optional(),
  from: z.iso.datetime({ error: 'from must be a date and time (ISO 8601, UTC)' }).optional(),
  to: z.iso.datetime({ error: 'to must be a date and time (ISO 8601, UTC)' }).optional(),
};
const auditFilterQuery = z.object(filterParams).refine((q) => !q.from || !q.to || q.from < q.to, {
  message: 'from must be before to',
  path: ['to'],
});
const auditPageQuery = z.object({
  ...filterParams,
  cursor: z
    .string()
    .regex(/^\d{1,40}$/, 'cursor must come from the previous page')
    .optional(),
  limit: auditQuery.shape.limit,
});

/** The filters as the query reads them (empty strings: no filter). */
function filters(q: z.infer<typeof auditFilterQuery>) {
  return {
    kind: q.kind || undefined,
    actorEmail: q.actor || undefined,
    subjectId: q.subjectId,
    from: q.from,
    to: q.to,
  };
}

export function backOfficeRoutes(
  queries: Pick<AppQueries, 'dashboardCounts' | 'auditLog' | 'auditPage'>,
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
  router.get(
    '/audit/page',
    commands.handle(async (req, res) => {
      const query = parseOrThrow(auditPageQuery, req.query);
      parseOrThrow(auditFilterQuery, req.query);
      res.json(
        await queries.auditPage({ ...filters(query), cursor: query.cursor, limit: query.limit }),
      );
    }),
  );
  router.get(
    '/audit.csv',
    commands.handle(async (req, res) => {
      const query = filters(parseOrThrow(auditFilterQuery, req.query));
      async function* rows() {
        let cursor: string | undefined;
        do {
          const page = await queries.auditPage({ ...query, cursor, limit: 500 });
          for (const e of page.entries) {
            yield [
              e.occurredAt,
              e.actor.email ?? e.actor.kind,
              e.eventType,
              e.subject.kind,
              e.subject.id,
              e.subject.name,
              e.summary,
              (e.changes ?? [])
                .map(
                  (c) =>
                    `${c.field}: ${JSON.stringify(c.before) ?? '?'} -> ${JSON.stringify(c.after)}`,
                )
                .join('; '),
            ];
          }
          cursor = page.nextCursor ?? undefined;
        } while (cursor);
      }
      await sendCsv(
        res,
        'audit-log.csv',
        ['occurredAt (UTC)', 'by', 'event', 'kind', 'id', 'item', 'summary', 'before -> after'],
        rows(),
      );
    }),
  );
  return router;
}
