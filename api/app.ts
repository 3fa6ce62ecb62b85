/**
 * The Express application: the order of the middleware is the security design.
 *
 *   (before Express, in main.ts: kept public pages, api/ssr/fast-path.ts)
 *   request id, request log, no-store on every error answer, error answers as a small page for a
 *     browser outside /api (api/http/error-page.ts), br/gzip for whole text answers
 *   a malformed or second Host -> 400; a body announced over its type's limit -> 413 at once; one
 *     canonical path (a non-canonical page path, `/Admin` -> 301), so the admin guard, the
 *     cache-control decision and the router read the same spelling
 *   security headers (CSP with a per-request nonce)
 *   /healthz, /readyz
 *   /api: same-origin check on changes, JSON bodies (100 kB), the session cookie
 *     public reads; /api/admin (its own admin, role and CSRF checks; /api/admin/metrics); JSON 404
 *   /admin pages: server-side redirects (no session -> login; signed in -> not the login page)
 *     and 403 for a page the account's role may not open (api/auth/admin-page-guard.ts)
 *   robots.txt, the sitemap, the icons; plain HTML form posts and old-address redirects
 *   server-side rendered pages and the browser assets
 *   the error handler (clear messages, no internals: JSON, or the small page for a browser)
 */
import express, { type RequestHandler } from 'express';
import { CAPABILITY_LIST } from '../workers/bootstrap/capabilities';
import type { AppCommand, Backend } from '../workers/bootstrap/composition';
import { HTTP_CAPABILITY_LIST } from './bootstrap/capabilities';
import { appPublicReads, type AuthStores } from './bootstrap/composition';
import { adminPageGuard } from './auth/admin-page-guard';
import { requireRole } from './auth/roles';
import { createSessions, type Sessions } from './auth/sessions';
import { backOfficeRoutes } from './http/back-office-routes';
import { adminActor, createCommandGateway } from './http/commands';
import { compressAnswers } from './http/compression';
import { apiNotFound, errorHandler, HttpError } from './http/errors';
import { healthRoutes } from './http/health';
import { FORM_BODY_BYTES, FORM_FIELDS_MAX, jsonBody } from './http/json-body';
import { requireSameOrigin, requireCsrf } from './http/origin-csrf';
import { publicReadRoutes } from './http/public-reads';
import { requestId, requestLogger } from './http/request-log';
import { errorPagesForBrowsers } from './http/error-page';
import { noStoreOnErrors, requestHygiene } from './http/request-hygiene';
import { securityHeaders } from './http/security';
import { siteFileRoutes } from './http/site-files';
import { seoRoutes } from './http/sitemap';
import { projectRoot } from '../workers/bootstrap/project-root';

export interface AppDeps {
  backend: Backend;
  auth: AuthStores;
  /** The SSR handler (pages and assets); absent in API-only tests. */
  pages?: RequestHandler;
  /** Figures for GET /api/admin/metrics (e.g. the page cache's size and hit ratio). */
  metrics?: () => Record<string, unknown>;
  /** Empties the server's page cache ('Clear All Caches'); absent when there is none. */
  clearPageCache?: () => void;
}

export interface SiteApp {
  app: express.Express;
  sessions: Sessions;
}

const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

export function createApp({ backend, auth, pages, metrics, clearPageCache }: AppDeps): SiteApp {
  const { config, logger, queries } = backend;
  const https = config.publicUrl.startsWith('https:');
  const sessions = createSessions({
    store: auth.sessions,
    secure: https,
    ttlMs: config.SESSION_TTL_HOURS * 3_600_000,
    logger,
  });
  const capabilities = HTTP_CAPABILITY_LIST;
  const uploadPaths = capabilities.flatMap((c) => c.uploadPaths ?? []);
  const commands = createCommandGateway<AppCommand>({
    dispatch: (command, context) => backend.bus.dispatch(command, context),
    waitForProjections: (position, timeoutMs) => backend.waitForProjections(position, timeoutMs),
    logger,
    statusByCode: Object.assign({}, ...CAPABILITY_LIST.map((c) => c.decisionStatus ?? {})),
  });

  const app = express();
  app.disable('x-powered-by');
  // Behind a proxy (docker-compose, a load balancer) req.ip and req.protocol come from it.
  if (config.PROFILE === 'distributed') app.set('trust proxy', 'loopback, uniquelocal');

  app.use(
    requestId(),
    requestLogger(logger),
    noStoreOnErrors(),
    errorPagesForBrowsers(),
    compressAnswers(),
    requestHygiene({ uploadPaths }),
  );
  app.use(
    securityHeaders({
      development: config.development,
      https,
      strictDynamic: false,
      pageImageHosts: capabilities.flatMap((c) => c.pageImageHosts ?? []),
    }),
  );
  app.use(healthRoutes(backend));

  // /api: same-origin changes, JSON bodies, the session; capability routes; the admin area
  // (a live session of an active administrator, CSRF on changes); JSON 404 for the rest.
  const apiRouter = express.Router();
  const sameOrigin = requireSameOrigin({
    allowedOrigins: config.trustedOrigins,
    explain: config.development,
    logger,
  });
  apiRouter.use(sameOrigin);
  apiRouter.use(...jsonBody({ uploadPaths }));
  apiRouter.use(sessions.loadSession);
  apiRouter.use('/admin', noStore);
  const adminRouter = express.Router();
  const isAdminActive = async (adminId: string) =>
    (await queries.adminUser(adminId))?.active === true;
  // Every admin route: a live session, the role's policy (domain/admins/roles.ts), CSRF.
  const roleOf = (adminId: string) => queries.activeAdminRole(adminId);
  adminRouter.use(sessions.requireAdmin({ isAdminActive }), requireRole({ roleOf }), requireCsrf());
  // Plain HTML form posts (work without JavaScript) and old addresses' redirects, before pages.
  const siteRouter = express.Router();
  // The same origins as the API: TRUSTED_ORIGINS and, without PUBLIC_URL, every loopback
  // spelling of the address (a form opened at 127.0.0.1 posts from there).
  siteRouter.use(sameOrigin);
  siteRouter.use(
    express.urlencoded({
      extended: false,
      limit: FORM_BODY_BYTES,
      parameterLimit: FORM_FIELDS_MAX,
    }),
  );
  // Links authorised by a signed token in the URL (one-click unsubscribe): no Origin check and
  // no body parsing (the URL says everything).
  const signedLinksRouter = express.Router();
  const deps = { backend, sessions, rateLimiter: auth.rateLimiter, commands };
  for (const capability of capabilities) {
    capability.routes?.(
      { api: apiRouter, admin: adminRouter, site: siteRouter, signedLinks: signedLinksRouter },
      deps,
    );
  }
  adminRouter.use(backOfficeRoutes(queries, commands));
  adminRouter.get('/metrics', (_req, res) => {
    res.json({ ...(metrics?.() ?? {}), memory: process.memoryUsage() });
  });
  // 'Clear All Caches': recorded (the audit log reads events), then the kept pages dropped.
  adminRouter.post(
    '/caches/clear',
    commands.handle(async (_req, res) => {
      const admin = res.locals.admin;
      if (!admin) throw new HttpError(401, 'Please sign in again.');
      await commands.dispatch(
        res,
        { type: 'RecordCachesCleared', email: admin.email },
        adminActor(res),
      );
      clearPageCache?.();
      res.json({ pageCache: clearPageCache ? 'cleared' : 'none' });
    }),
  );
  apiRouter.use('/admin', adminRouter);
  apiRouter.use(apiNotFound());
  app.use(publicReadRoutes(appPublicReads(queries, config)));
  app.use('/api', apiRouter);

  // What search engines and browsers fetch besides pages: robots.txt, the sitemap, the icons.
  app.use(
    seoRoutes({
      origin: config.publicUrl,
      entries: async () =>
        (await Promise.all(capabilities.map((c) => c.sitemap?.(backend) ?? []))).flat(),
    }),
  );
  app.use(siteFileRoutes(projectRoot()));
  app.use(signedLinksRouter);
  app.use(siteRouter);

  app.use('/admin', sessions.loadSession, adminPageGuard({ sessions, roleOf }));
  if (pages) app.use(pages);
  app.use(errorHandler(logger));
  return { app, sessions };
}
