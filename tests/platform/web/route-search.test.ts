/**
 * A route's validateSearch drops what it refuses: the router merges the raw query over the
 * validated one, so a refused value (?sort=zzz) would otherwise reach the page as it came. Each
 * parameter the route reads and refuses is set to undefined (the router then redirects to the
 * address without it); parameters it does not read (utm_*) are left to the router.
 */
import { describe, expect, it } from 'vitest';
import { clearRefusedSearchValues } from '../../../web/route-guards';

/** A validateSearch like the home page's: a known sort, any case; nothing else read. */
const validate = (search: Record<string, unknown>): { sort?: string } => {
  const sort = typeof search.sort === 'string' ? search.sort.toLowerCase() : undefined;
  return sort === 'price' || sort === 'states' ? { sort } : {};
};

describe('clearRefusedSearchValues', () => {
  it.each([
    ['an unknown value', { sort: 'zzz' }, { sort: undefined }],
    ['an object key', { sort: 'constructor' }, { sort: undefined }],
    ['__proto__', { sort: '__proto__' }, { sort: undefined }],
    ['a number', { sort: 5 }, { sort: undefined }],
    ['a known value', { sort: 'price' }, { sort: 'price' }],
    ['a known value in capitals', { sort: 'PRICE' }, { sort: 'price' }],
    ['nothing', {}, {}],
    ['a parameter the route does not read', { utm_source: 'x' }, {}],
  ])('Given %s, the validated search is %j', (_name, raw, expected) => {
    const result = clearRefusedSearchValues(validate)(raw);

    expect(result).toStrictEqual(expected);
    // What the router then passes to the page: the raw query with the validated one over it.
    const seen = { ...raw, ...result } as Record<string, unknown>;
    expect(seen.sort === undefined || seen.sort === 'price').toBe(true);
  });
});
