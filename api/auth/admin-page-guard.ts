/**
 * The back office's pages, guarded on the server so it holds without JavaScript: a visitor
 * without a live admin session goes from any back-office page to /admin/login (`?next=` that
 * page, opened once signed in); a signed-in
 * account opening /admin or the login page goes to the dashboard; a page the account's role
 * may not open (domain/admins/roles.ts) answers 403 with a page saying why. The API re-checks
 * every request anyway.
 */
import type { RequestHandler } from 'express';
import { pageAccess, type AdminRole } from '../../domain/admins/roles';
import {
  loginPathReturningTo,
  OPEN_ADMIN_PAGES,
  returnPathAfterSignIn,
} from '../../domain/admins/sign-in';
import { plainPageHtml } from '../http/error-page';
import type { Sessions } from './sessions';

export interface AdminPageGuardOptions {
  sessions: Sessions;
  /** The signed-in account's role now (read model); null when it is gone or deactivated. */
  roleOf(adminId: string): Promise<AdminRole | null>;
}

/** The 403 page of a back-office screen the role may not open. */
export function forbiddenPage(message: string): string {
  return plainPageHtml({
    title: 'Not available to your role | VialCompare admin',
    heading: 'Not available to your role',
    paragraphs: [message],
    link: { href: '/admin/dashboard', text: 'Back to the dashboard' },
    robots: 'noindex, nofollow',
  });
}

export function adminPageGuard({ sessions, roleOf }: AdminPageGuardOptions): RequestHandler {
  return async (req, res, next) => {
    // The back office needs JavaScript (the login form aside: POST /admin/login is answered by
    // the site router before this); any other form posted without it goes back to its page.
    if (req.method === 'POST') return res.redirect(303, req.baseUrl + req.path);
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const page = `/admin${req.path === '/' ? '' : req.path.replace(/\/$/, '')}`;
    const admin = res.locals.admin;
    const role = admin ? await roleOf(admin.adminId) : null;
    const signedIn = role !== null;
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    res.setHeader('Cache-Control', 'no-store');
    if (page === '/admin' || (page === '/admin/login' && signedIn)) {
      // Signed in meanwhile (another tab): on to the page the login was for.
      return res.redirect(303, signedIn ? returnPathAfterSignIn(req.query.next) : '/admin/login');
    }
    if (OPEN_ADMIN_PAGES.has(page)) return next();
    if (!signedIn) {
      if (admin) await sessions.endSession(res);
      // A deep link (a mailed submission, a bookmark) opens after signing in.
      return res.redirect(303, loginPathReturningTo(req.originalUrl));
    }
    const access = pageAccess(role, page);
    if (!access.allowed) {
      res.status(403).type('html').send(forbiddenPage(access.message));
      return;
    }
    next();
  };
}
