/**
 * What an administrator's sign-in can answer, in words both the API (JSON errors) and the
 * login page (the form posted without JavaScript comes back with `?problem=`) use.
 */
import { retryAfterText } from '../shared/format';

/** Spec section 8: a wrong e-mail or password, alike (no telling which). */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid e-mail or password';
export const ACCESS_DENIED_MESSAGE = 'Access denied. Admin privileges required.';
/** The form posted something the login schema refused (empty or malformed). */
export const SIGN_IN_INVALID_MESSAGE = 'Enter your e-mail address and password.';
export const SIGN_IN_FAILED_MESSAGE = 'Login failed - unexpected error';

/** Why a sign-in posted by the form failed (the login page's `?problem=`). */
export const SIGN_IN_PROBLEMS = ['invalid', 'credentials', 'denied', 'limited', 'failed'] as const;
export type SignInProblem = (typeof SIGN_IN_PROBLEMS)[number];

export const tooManySignInsMessage = (retryAfterMs: number): string =>
  `Too many sign-in attempts. ${retryAfterText(retryAfterMs)}`;

/** The message of a problem; `retryAfterMs` says how long a limited client waits. */
export function signInProblemMessage(problem: SignInProblem, retryAfterMs = 0): string {
  switch (problem) {
    case 'invalid':
      return SIGN_IN_INVALID_MESSAGE;
    case 'credentials':
      return INVALID_CREDENTIALS_MESSAGE;
    case 'denied':
      return ACCESS_DENIED_MESSAGE;
    case 'limited':
      return tooManySignInsMessage(retryAfterMs);
    case 'failed':
      return SIGN_IN_FAILED_MESSAGE;
  }
}

/** Where a sign-in goes when it was not sent from a back-office page. */
export const SIGNED_IN_HOME = '/admin/dashboard';

/** Admin pages anyone may open: signing in, the first-start setup link and invitation links. */
export const OPEN_ADMIN_PAGES: ReadonlySet<string> = new Set([
  '/admin/login',
  '/admin/setup',
  '/admin/invite',
]);

/** The pages a sign-in never returns to: the open ones, and /admin (the dashboard's alias). */
const NOT_RETURNED_TO = new Set(['/admin', ...OPEN_ADMIN_PAGES]);

/**
 * Where a sign-in goes: the back-office page that sent the administrator to sign in (`?next=`,
 * as /admin/providers?page=2), or the dashboard. Anything else — another site (`//evil.com`,
 * `/\evil.com`, `https:`), a public page, a path that leaves /admin once resolved
 * (`/admin/../x`), a control character — goes to the dashboard: no open redirect.
 */
export function returnPathAfterSignIn(next: unknown): string {
  if (typeof next !== 'string' || next.length === 0 || next.length > 2000) return SIGNED_IN_HOME;
  // eslint-disable-next-line no-control-regex -- exactly the characters a path never holds
  if (!next.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(next)) return SIGNED_IN_HOME;
  const base = 'http://back.office';
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return SIGNED_IN_HOME;
  }
  if (url.origin !== base || !url.pathname.startsWith('/admin/')) return SIGNED_IN_HOME;
  const page = url.pathname.replace(/\/$/, '');
  if (NOT_RETURNED_TO.has(page)) return SIGNED_IN_HOME;
  return `${page}${url.search}`;
}

/** The login page's address for a sign-in that should come back to `page` afterwards. */
export function loginPathReturningTo(page: string): string {
  const back = returnPathAfterSignIn(page);
  return back === SIGNED_IN_HOME ? '/admin/login' : `/admin/login?next=${encodeURIComponent(back)}`;
}
