/**
 * Rules every route of the tree follows, applied once to the route tree (web/router.tsx) rather
 * than repeated in each route file:
 * - a search parameter a route reads and refuses is dropped, not passed on as it came;
 * - a route that failed speaks through the root's head (the error page's title, noindex).
 */
import { rootRouteId, type AnyRoute } from '@tanstack/react-router';

type ValidateSearch = (search: Record<string, unknown>) => object;

/**
 * `validate` with each parameter it read but left out of its answer set to undefined. The
 * router merges the raw query under the validated one, so without this ?sort=zzz (or
 * ?sort=constructor) reaches the page as it came; with it the router's canonical address drops
 * the parameter (it redirects there) and the page renders its default. The parameters a route
 * reads are the ones it declares; others (utm_*) are left alone.
 */
export function clearRefusedSearchValues<T extends object>(
  validate: (search: Record<string, unknown>) => T,
): (search: Record<string, unknown>) => T {
  return (search) => {
    const read = new Set<string>();
    const note = (key: string | symbol) => {
      if (typeof key === 'string') read.add(key);
    };
    const watched = new Proxy(search, {
      get: (target, key, receiver) => (note(key), Reflect.get(target, key, receiver)),
      has: (target, key) => (note(key), Reflect.has(target, key)),
    });
    const validated = validate(watched);
    const cleared: Record<string, unknown> = { ...(validated as Record<string, unknown>) };
    for (const key of read) {
      if (Object.hasOwn(search, key) && !Object.hasOwn(validated, key)) cleared[key] = undefined;
    }
    // Same keys as T, with undefined where a value was refused (optional keys allow it).
    return cleared as T;
  };
}

interface GuardedOptions {
  validateSearch?: unknown;
  head?: (ctx: { match: { status: string } }) => unknown;
  errorComponent?: unknown;
}

const guarded = new WeakSet<AnyRoute>();

/**
 * Applies the rules to `route` and its children, once per route (the tree is shared by every
 * router made from it). Routes with their own errorComponent (the blog's) keep their own head.
 */
export function guardRouteTree(route: AnyRoute): void {
  if (guarded.has(route)) return;
  guarded.add(route);
  const options = route.options as GuardedOptions;
  if (typeof options.validateSearch === 'function') {
    options.validateSearch = clearRefusedSearchValues(options.validateSearch as ValidateSearch);
  }
  const head = options.head;
  if (head && route.id !== rootRouteId && !options.errorComponent) {
    // The deepest head wins: a failed route says nothing, so the root's (the error page) shows.
    options.head = (ctx) => (ctx.match.status === 'error' ? {} : head(ctx));
  }
  const children = route.children as Record<string, AnyRoute> | AnyRoute[] | undefined;
  for (const child of Object.values(children ?? {})) guardRouteTree(child);
}

/**
 * The search parameters a route's validateSearch reads, found by running it once over an empty
 * query and noting each key it looks at (get, in, hasOwn): what its pages depend on.
 */
export function searchKeysRead(validate: ValidateSearch): string[] {
  const read = new Set<string>();
  const note = (key: string | symbol) => {
    if (typeof key === 'string') read.add(key);
  };
  const watched = new Proxy<Record<string, unknown>>(
    {},
    {
      get: (target, key, receiver) => (note(key), Reflect.get(target, key, receiver)),
      has: (target, key) => (note(key), Reflect.has(target, key)),
      getOwnPropertyDescriptor: (target, key) => (
        note(key),
        Reflect.getOwnPropertyDescriptor(target, key)
      ),
    },
  );
  try {
    validate(watched);
  } catch {
    // A validator that throws on an empty query still read the keys noted so far.
  }
  // Object's own members read through the prototype (toString, constructor) are no parameters.
  return [...read].filter((key) => !(key in Object.prototype)).sort();
}

/**
 * Each page path of the tree with the search parameters its routes read (the root's and its
 * own), for the host's page cache: a page that starts reading a parameter is keyed by it
 * without an edit anywhere else. A path with a parameter segment is listed as its pattern
 * ('/near/$citySlug'): `searchKeysOf` (api/contracts/ssr.ts) matches a request's path
 * against them.
 */
export function searchKeysByPath(root: AnyRoute): Record<string, readonly string[]> {
  const byPath: Record<string, readonly string[]> = {};
  // Paths are joined from each route's own `path` option: a tree not yet given to a router has
  // no fullPath (pathless layouts such as /admin/_authed add nothing).
  const visit = (route: AnyRoute, inherited: readonly string[], parentPath: string) => {
    const options = route.options as GuardedOptions & { path?: unknown };
    const validate = options.validateSearch;
    const keys =
      typeof validate === 'function'
        ? [...new Set([...inherited, ...searchKeysRead(validate as ValidateSearch)])].sort()
        : inherited;
    const own = typeof options.path === 'string' ? options.path : '';
    const joined = `${parentPath}/${own}`.replace(/\/{2,}/g, '/');
    const path = joined.replace(/\/+$/, '') || '/';
    const isPage = route.id !== rootRouteId && typeof options.path === 'string';
    if (isPage && keys.length > 0) byPath[path] = keys;
    const children = route.children as Record<string, AnyRoute> | AnyRoute[] | undefined;
    for (const child of Object.values(children ?? {})) visit(child, keys, path);
  };
  visit(root, [], '');
  return byPath;
}
