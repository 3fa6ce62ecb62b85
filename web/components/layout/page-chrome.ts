/**
 * Which frame a page is drawn in, decided from the router's matches (the same on the server
 * and in the browser, so hydration never disagrees):
 * - 'site': the public header, footer and scroll-to-top button;
 * - 'back-office': a signed-in admin page: its layout (web/features/admins) draws its own
 *   header, section navigation and main region, so the root draws nothing around it;
 * - 'back-office-plain': an admin page outside the signed-in layout (login, setup, an
 *   invitation, an unknown /admin address): the product's name over a centered card, nothing
 *   of the public site.
 */
export type PageChrome = 'site' | 'back-office' | 'back-office-plain';

/** The route id of the signed-in admin pages' layout (web/routes/admin/_authed.tsx). */
export const SIGNED_IN_ADMIN_ROUTE_ID = '/admin/_authed';

const ADMIN_PATH = /^\/admin(?:\/|$)/;

/**
 * `routeIds`: the matched routes' ids, root first; `pathname`: the address's path;
 * `rootNotFound`: the root draws its not-found page (no route has the address, though a
 * pathless layout such as the signed-in one may have matched its beginning), so the path
 * alone says whether it is under /admin.
 */
export function pageChrome(
  routeIds: readonly string[],
  pathname: string,
  rootNotFound = false,
): PageChrome {
  if (!rootNotFound && routeIds.includes(SIGNED_IN_ADMIN_ROUTE_ID)) return 'back-office';
  return ADMIN_PATH.test(pathname) ? 'back-office-plain' : 'site';
}
