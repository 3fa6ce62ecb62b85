/**
 * Cache-Control for server-rendered pages: anonymous public pages may be micro-cached by a CDN
 * (architecture: server-side rendering), and served stale for a while when the origin is
 * slow or down; admin pages and error pages never are.
 */
export const PUBLIC_PAGE_CACHE =
  'public, max-age=60, s-maxage=300, stale-while-revalidate=600, stale-if-error=86400';
export const NO_STORE = 'no-store';
/** Hashed build files never change under the same name. */
export const IMMUTABLE_ASSET_CACHE = 'public, max-age=31536000, immutable';

// '/unsubscribe', '/preferences': one page per subscriber's signed link, never kept by the page
// cache or a CDN.
const PRIVATE_PREFIXES = ['/admin', '/simple-admin', '/unsubscribe', '/preferences'];

export function isAdminPath(pathname: string): boolean {
  return PRIVATE_PREFIXES.some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}

export function pageCacheControl(pathname: string, status: number): string {
  if (isAdminPath(pathname)) return NO_STORE;
  return status === 200 ? PUBLIC_PAGE_CACHE : NO_STORE;
}
