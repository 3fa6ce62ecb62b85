/**
 * GET /go/{slug}: the outbound link of every provider card. Answers 302 to the provider's
 * affiliate URL (domain/providers' outboundUrl, with the visitor's allowed parameters) and
 * counts the click for the provider's UTC day unless a bot, a script or a HEAD asked
 * (domain/clicks/rules.ts). Nothing about the visitor is read besides the user agent and the
 * purpose header, and neither is kept. An unknown slug falls through to the site's 404 page.
 *
 * The back office reads the counts: GET /api/admin/clicks (JSON) and /api/admin/clicks.csv.
 */
import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import {
  CLICK_CSV_HEADER,
  CLICK_HISTORY_DAYS,
  clickCsvRows,
  clickReport,
  type ClickReport,
} from '../../domain/clicks/report';
import { clickDay, clickVerdict, lastDays } from '../../domain/clicks/rules';
import { outboundUrl, PROVIDER_SLUG_PATTERN } from '../../domain/providers';
import type { ClickCounter, ClickQueries, ClickTarget } from '../../projections/clicks';
import type { CapabilityRouters, CapabilityBackend, RouteDeps } from '../bootstrap/capability';
import { sendCsv } from '../http/csv';
import { parseOrThrow } from '../http/validation';
import { CLICK_PATHS } from './contracts';

/** How long /go trusts its copy of the providers' slugs: a change shows within a second. */
const TARGETS_TTL_MS = 1000;

const inAdmin = (path: string) => path.replace(/^\/api\/admin/, '');

const reportQuery = z.object({
  days: z
    .string()
    .regex(/^\d+$/, 'days must be a whole number')
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, `days must be between 1 and ${CLICK_HISTORY_DAYS}`)
        .max(CLICK_HISTORY_DAYS, `days must be between 1 and ${CLICK_HISTORY_DAYS}`),
    )
    .optional(),
});

/** Its port: the counter (workers/clicks/counter.ts). */
type ClickPorts = { clicks: ClickCounter };
/** Its queries and its port. */
type ClickBackend = CapabilityBackend<Record<never, never>, ClickQueries, ClickPorts>;

/** The providers by slug, read at most once a second (the read model is the source). */
function slugDirectory(backend: ClickBackend) {
  let cached: { at: number; bySlug: Map<string, ClickTarget> } | null = null;
  let loading: Promise<Map<string, ClickTarget>> | null = null;
  const load = async () => {
    const bySlug = new Map<string, ClickTarget>();
    for (const target of await backend.queries.clickTargets()) {
      if (!bySlug.has(target.slug)) bySlug.set(target.slug, target);
    }
    cached = { at: Date.now(), bySlug };
    return bySlug;
  };
  return async (slug: string): Promise<ClickTarget | undefined> => {
    if (cached && Date.now() - cached.at < TARGETS_TTL_MS) return cached.bySlug.get(slug);
    loading ??= load().finally(() => (loading = null));
    return (await loading).get(slug);
  };
}

function queryStringOf(req: Request): string {
  const at = req.originalUrl.indexOf('?');
  return at === -1 ? '' : req.originalUrl.slice(at + 1);
}

export function goHandler(backend: ClickBackend): RequestHandler {
  const find = slugDirectory(backend);
  return async (req: Request, res: Response, next) => {
    try {
      const slug = String(req.params.slug ?? '');
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('X-Robots-Tag', 'noindex, nofollow');
      const target = PROVIDER_SLUG_PATTERN.test(slug) ? await find(slug) : undefined;
      if (!target) return next();
      const url = outboundUrl(target.websiteUrl, target.affiliateTag, queryStringOf(req));
      if (!/^https?:\/\//i.test(url)) return next(); // no usable website: nothing to send to
      const verdict = clickVerdict({
        method: req.method,
        userAgent: req.get('user-agent'),
        purpose: req.get('sec-purpose') ?? req.get('purpose'),
      });
      if (verdict.counted) backend.clicks.count(target.providerId, clickDay(new Date()));
      res.redirect(302, url);
    } catch (error) {
      next(error);
    }
  };
}

async function report(backend: ClickBackend, days: number): Promise<ClickReport> {
  const range = lastDays(new Date(), days);
  const first = range[0] as string;
  const last = range[range.length - 1] as string;
  const [counts, targets, removed] = await Promise.all([
    backend.clicks.counts(first, last),
    backend.queries.clickTargets(),
    backend.queries.removedProviderNames(),
  ]);
  const names = new Map(targets.map((t) => [t.providerId, t.name]));
  return clickReport(range, counts, (id) => names.get(id) ?? removed.get(id));
}

export function clickRoutes(
  { site, admin }: CapabilityRouters,
  { backend, commands }: RouteDeps<Record<never, never>, ClickQueries, ClickPorts>,
) {
  site.get(CLICK_PATHS.goPattern, goHandler(backend));

  admin.get(
    inAdmin(CLICK_PATHS.adminReport),
    commands.handle(async (req, res) => {
      const { days } = parseOrThrow(reportQuery, req.query);
      res.setHeader('Cache-Control', 'no-store');
      res.json(await report(backend, days ?? CLICK_HISTORY_DAYS));
    }),
  );

  admin.get(
    inAdmin(CLICK_PATHS.adminCsv),
    commands.handle(async (req, res) => {
      const { days } = parseOrThrow(reportQuery, req.query);
      const answer = await report(backend, days ?? CLICK_HISTORY_DAYS);
      const today = answer.days[answer.days.length - 1] ?? clickDay(new Date());
      await sendCsv(res, `clicks-${today}.csv`, CLICK_CSV_HEADER, clickCsvRows(answer));
    }),
  );
}
