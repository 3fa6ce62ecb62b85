/**
 * The page cache keys each page by the search parameters its routes read, found from the
 * routes themselves (web/route-guards.ts): a page that starts reading a parameter is keyed by
 * it without an edit to a central list, and parameters no route reads (utm_*) never split it.
 */
import { describe, expect, it } from 'vitest';
import { routeTree } from '../../../web/routeTree.gen';
import { searchKeysByPath, searchKeysRead } from '../../../web/route-guards';
import { searchParamsRead } from '../../../web/entry-server';

describe('the search parameters each public page reads', () => {
  const byPath = searchKeysByPath(routeTree);

  it.each([
    ['/', ['medication', 'newsletter', 'retry', 'sort', 'state', 'zip']],
    ['/compare', ['providers', 'state']],
    ['/cost', ['dose', 'form', 'medication', 'months', 'page', 'state', 'zip']],
    ['/search', ['q']],
    ['/glp1-ai', ['q']],
    ['/reddit-posts', ['q', 'subreddit']],
    ['/contact', ['fields', 'status']],
    ['/add-provider', ['fields', 'status']],
    ['/blog', ['page']],
    ['/providers', ['page']],
  ])('%s reads %j', (path, keys) => {
    expect(byPath[path]).toEqual(keys);
    expect(searchParamsRead(path)).toEqual(keys);
    expect(searchParamsRead(`${path}/`.replace('//', '/'))).toEqual(keys);
  });

  // A page under a path parameter is keyed through its route's pattern (issue 28: the city
  // and state rankings are paged with ?page=N).
  it.each([
    ['/near/columbus-oh', '/near/$citySlug', ['page']],
    ['/near/state/oh', '/near/state/$state', ['page']],
  ])('%s reads %j through %s', (path, pattern, keys) => {
    expect(byPath[pattern]).toEqual(keys);
    expect(searchParamsRead(path)).toEqual(keys);
    expect(searchParamsRead(`${path}/`)).toEqual(keys);
  });

  it('the calculator reads every parameter of its three forms', () => {
    expect(byPath['/calculator']).toEqual(expect.arrayContaining(['tab', 'weight', 'dose']));
  });

  it.each(['/about', '/providers/acme', '/near', '/near/a/b/c', '/nowhere', 'constructor'])(
    '%s reads none',
    (path) => {
      expect(searchParamsRead(path)).toEqual([]);
    },
  );
});

describe('searchKeysRead', () => {
  it.each([
    ['property reads', (s: Record<string, unknown>) => ({ a: s.a, b: s.b }), ['a', 'b']],
    [
      'in and hasOwn',
      (s: Record<string, unknown>) => ('a' in s || Object.hasOwn(s, 'b') ? {} : {}),
      ['a', 'b'],
    ],
    ['destructuring', ({ x, y }: Record<string, unknown>) => ({ x, y }), ['x', 'y']],
    [
      'a validator that throws keeps what it read',
      (s: Record<string, unknown>) => {
        if (s.first === undefined) throw new Error('no');
        return {};
      },
      ['first'],
    ],
  ])('%s', (_name, validate, keys) => {
    expect(searchKeysRead(validate)).toEqual(keys);
  });
});
