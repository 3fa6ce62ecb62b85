/**
 * The Express application: the order of the middleware is the security design.
 *
 *   request id, request log, security headers (CSP with a per-request nonce)
 *   /healthz, /readyz
 *   /api: same-origin check on changes, JSON bodies (100 kB), the session cookie
 *     public reads; /api/admin (its own admin and CSRF checks); JSON 404 for the rest
 *   /admin pages: server-side redirects (no session -> login; signed in -> not the login page)
 *   server-side rendered pages and the browser assets
 *   the error handler (clear JSON messages, no internals)
 */
import express, { type RequestHandler } from 'express';
import type { AuthStores, Backend } from './composition';
import { createSessions, type Sessions } from './auth/sessions';
import { apiNotFound, errorHandler } from './http/errors';
import { requestId, requestLogger } from './http/logger';
import { requireSameOrigin } from './http/origin-csrf';
import { securityHeaders } from './http/security';
import { jsonBody } from './http/validation';
import { adminRoutes } from './routes/admin';
import { healthRoutes, publicRoutes } from './routes/public';
import { subscriptionRoutes } from './routes/subscriptions';
import type { SiteApi } from './contracts/site-api';

export interface AppDeps {
  backend: Backend;
  auth: AuthStores;
  api: SiteApi;
  /** The SSR handler (pages and assets); absent in API-only tests. */
  pages?: RequestHandler;
}

export interface SiteApp {
  app: express.Express;
  sessions: Sessions;
}

/** Admin pages anyone may open: signing in and the first-start setup link. */
const OPEN_ADMIN_PAGES = new Set(['/admin/login', '/admin/setup']);

export function createApp({ backend, auth, api, pages }: AppDeps): SiteApp {
  const { config, logger } = backend;
  const https = config.publicUrl.startsWith('https:');
  const sessions = createSessions({
    store: auth.sessions,
    secure: https,
    ttlMs: config.SESSION_TTL_HOURS * 3_600_000,
    logger,
  });

  const app = express();
  app.disable('x-powered-by');
  // Behind a proxy (docker-compose, a load balancer) req.ip and req.protocol come from it.
  if (config.PROFILE === 'distributed') app.set('trust proxy', 'loopback, uniquelocal');

  app.use(requestId(), requestLogger(logger));
  app.use(securityHeaders({ development: config.development, https, strictDynamic: false }));
  app.use(healthRoutes(backend));

  const apiRouter = express.Router();
  apiRouter.use(requireSameOrigin({ allowedOrigins: [config.publicUrl] }));
  apiRouter.use(...jsonBody());
  apiRouter.use(sessions.loadSession);
  apiRouter.use(subscriptionRoutes({ backend, rateLimiter: auth.rateLimiter }));
  apiRouter.use('/admin', adminRoutes({ backend, sessions, rateLimiter: auth.rateLimiter }));
  apiRouter.use(apiNotFound());
  app.use(publicRoutes(api));
  app.use('/api', apiRouter);

  app.use('/admin', sessions.loadSession, adminPageGuard(backend, sessions));
  if (pages) app.use(pages);
  app.use(errorHandler(logger));
  return { app, sessions };
}

/**
 * Redirects on the server, so they hold without JavaScript: a visitor without a live admin
 * session goes from any back-office page to /admin/login; a signed-in administrator opening
 * /admin or the login page goes to the dashboard. The API re-checks every request anyway.
 */
function adminPageGuard(backend: Backend, sessions: Sessions): RequestHandler {
  return async (req, res, next) => {
    // The back office needs JavaScript; a form posted without it goes back to its page.
    if (req.method === 'POST') return res.redirect(303, req.baseUrl + req.path);
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const page = `/admin${req.path === '/' ? '' : req.path.replace(/\/$/, '')}`;
    const admin = res.locals.admin;
    const signedIn = admin
      ? (await backend.queries.adminUser(admin.adminId))?.active === true
      : false;
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    res.setHeader('Cache-Control', 'no-store');
    if (page === '/admin' || (page === '/admin/login' && signedIn)) {
      return res.redirect(303, signedIn ? '/admin/dashboard' : '/admin/login');
    }
    if (!signedIn && !OPEN_ADMIN_PAGES.has(page)) {
      if (admin) await sessions.endSession(res);
      return res.redirect(303, '/admin/login');
    }
    next();
  };
}
