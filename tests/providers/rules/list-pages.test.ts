/**
 * Lists paged on the server (issue 28), as tables: which `?page=` a page's URL keeps, which an
 * API read accepts, how a list is cut and its pages addressed, the ranked lists' parameters,
 * and the one-pass slug index agreeing with the per-slug rule it replaces on /providers.
 */
import { describe, expect, it } from 'vitest';
import {
  MAX_PAGE,
  PAGE_MESSAGE,
  isListPaging,
  isPastLastPage,
  listQuery,
  pageFromSearch,
  pageItems,
  pageOf,
  pagePath,
  parsePageParam,
} from '../../../domain/shared/paging';
import {
  RANKED_LIST_MESSAGES,
  parseRankedListParams,
  providerListView,
} from '../../../domain/providers/list-view';
import { providerSlug, resolveSlug, slugIndex } from '../../../domain/providers/slug';

describe("a page's ?page= as the router hands it over", () => {
  // The router reads '2' as the number 2 (JSON values) and '02' or 'abc' as text.
  it.each<[unknown, number | undefined]>([
    [2, 2],
    ['2', 2],
    ['02', 2],
    [' 7 ', 7],
    [MAX_PAGE, MAX_PAGE],
    // Page 1 is the list's own address: no parameter.
    [1, undefined],
    ['1', undefined],
    // No page number: dropped (the router redirects to the address without it).
    [0, undefined],
    [-1, undefined],
    ['-1', undefined],
    [2.5, undefined],
    ['2.5', undefined],
    ['abc', undefined],
    ['', undefined],
    ['1e3', undefined],
    [MAX_PAGE + 1, undefined],
    [99_999, undefined],
    [Number.NaN, undefined],
    [Number.POSITIVE_INFINITY, undefined],
    [null, undefined],
    [undefined, undefined],
    [[2], undefined],
    [{ page: 2 }, undefined],
  ])('%j -> %j', (raw, page) => {
    expect(pageFromSearch(raw)).toBe(page);
  });
});

describe("an API read's page parameter", () => {
  it.each<[string | undefined, number]>([
    [undefined, 1],
    ['', 1],
    ['  ', 1],
    ['1', 1],
    ['2', 2],
    [' 3 ', 3],
    [String(MAX_PAGE), MAX_PAGE],
  ])('%j is page %d', (raw, page) => {
    expect(parsePageParam(raw)).toEqual({ ok: true, page });
  });

  it.each(['0', '-1', 'abc', '1e3', '2.5', '99999', String(MAX_PAGE + 1), '0x10', '1 2'])(
    '%j is refused, naming page',
    (raw) => {
      expect(parsePageParam(raw)).toEqual({ ok: false, message: PAGE_MESSAGE });
      expect(PAGE_MESSAGE).toBe('page must be a whole number from 1 to 10,000');
    },
  );
});

describe('a list cut into pages', () => {
  const items = Array.from({ length: 45 }, (_, i) => i + 1);

  it.each([
    // page, size, items shown, page count
    [1, 20, [1, 20], 3],
    [2, 20, [21, 40], 3],
    [3, 20, [41, 45], 3],
    [1, 45, [1, 45], 1],
    [1, 50, [1, 45], 1],
  ])('page %d at %d a page shows items %j of %d pages', (page, size, [first, last], count) => {
    const cut = pageItems(items, size, page);
    expect(cut.items[0]).toBe(first);
    expect(cut.items.at(-1)).toBe(last);
    expect(cut.paging).toEqual({ page, pageCount: count, pageSize: size, total: 45 });
    expect(isPastLastPage(cut.paging)).toBe(false);
  });

  it('a page past the last is empty and says so; an empty list still has its page 1', () => {
    const past = pageItems(items, 20, 4);
    expect(past.items).toEqual([]);
    expect(isPastLastPage(past.paging)).toBe(true);
    const empty = pageItems([], 20, 1);
    expect(empty.paging).toEqual({ page: 1, pageCount: 1, pageSize: 20, total: 0 });
    expect(isPastLastPage(empty.paging)).toBe(false);
    expect(isPastLastPage(pageOf(0, 20, 2))).toBe(true);
  });

  it.each([
    ['/providers', 1, '/providers'],
    ['/providers', 2, '/providers?page=2'],
    ['/near/columbus-oh', 7, '/near/columbus-oh?page=7'],
  ])('%s page %d is at %s', (path, page, href) => {
    expect(pagePath(path, page)).toBe(href);
  });

  it.each([
    [{}, ''],
    [{ page: 1 }, ''],
    [{ page: 2 }, '?page=2'],
    [{ page: 1, limit: 10 }, '?limit=10'],
    [{ limit: 10, sort: 'price', medication: undefined }, '?limit=10&sort=price'],
    [{ sort: '', medication: 'tirzepatide' }, '?medication=tirzepatide'],
  ])('the read of %j is asked with %j', (params, query) => {
    expect(listQuery(params)).toBe(query);
  });

  it.each<[unknown, boolean]>([
    [{ page: 2, pageCount: 3, pageSize: 20, total: 45 }, true],
    [{ page: 2, pageCount: 3, pageSize: 20 }, false],
    [{ page: '2', pageCount: 3, pageSize: 20, total: 45 }, false],
    [null, false],
    [undefined, false],
    ['paging', false],
  ])("%j is a list's paging: %s", (value, is) => {
    expect(isListPaging(value)).toBe(is);
  });
});

describe("a ranked list's parameters", () => {
  it.each<[Record<string, string>, object]>([
    [{}, { page: 1, limit: 20, sort: undefined, medication: undefined }],
    [
      { page: '3', limit: '10' },
      { page: 3, limit: 10 },
    ],
    [{ limit: '50' }, { limit: 50 }],
    [
      { sort: 'PRICE', medication: 'Tirzepatide' },
      { sort: 'price', medication: 'tirzepatide' },
    ],
    [
      { sort: ' ', medication: '' },
      { sort: undefined, medication: undefined },
    ],
  ])('%j reads as %j', (params, request) => {
    const parsed = parseRankedListParams(params, 20);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.request).toMatchObject(request);
  });

  it.each<[Record<string, string>, string, string]>([
    [{ page: '0' }, 'page', PAGE_MESSAGE],
    [{ page: 'abc' }, 'page', PAGE_MESSAGE],
    [{ limit: '0' }, 'limit', RANKED_LIST_MESSAGES.limit],
    [{ limit: '51' }, 'limit', RANKED_LIST_MESSAGES.limit],
    [{ limit: 'ten' }, 'limit', RANKED_LIST_MESSAGES.limit],
    [{ limit: '-1' }, 'limit', RANKED_LIST_MESSAGES.limit],
    [{ sort: 'zzz' }, 'sort', RANKED_LIST_MESSAGES.sort],
    [{ sort: 'constructor' }, 'sort', RANKED_LIST_MESSAGES.sort],
    [{ medication: 'aspirin' }, 'medication', RANKED_LIST_MESSAGES.medication],
  ])('%j is refused, naming %s', (params, field, message) => {
    expect(parseRankedListParams(params, 20)).toEqual({ ok: false, field, message });
  });

  it('filters and sorts the whole ranking before the cut: page 2 follows page 1', () => {
    const cards = Array.from({ length: 30 }, (_, i) => ({
      _id: `p${i}`,
      rank: i + 1,
      medications: i % 2 === 0 ? ['Tirzepatide'] : ['Semaglutide'],
      states: ['OH'],
      startingPrice: { monthly: 300 - i },
    }));
    const request = { sort: 'price' as const, medication: 'tirzepatide' };
    const all = providerListView(cards, request);
    const first = pageItems(all, 10, 1);
    const second = pageItems(all, 10, 2);
    expect(first.paging.total).toBe(15);
    expect([...first.items, ...second.items].map((c) => c._id)).toEqual(all.map((c) => c._id));
    // Cheapest first, across the whole list (not the cheapest of the first ten by rank).
    expect(first.items[0]?._id).toBe('p28');
  });
});

describe('the slug index of /providers agrees with the rule for one slug', () => {
  const record = (id: string, name: string, createdAt: string) => ({ id, name, createdAt });

  it.each([
    [
      'distinct names',
      [record('a', 'Alpha Health', '2025-01-02'), record('b', 'Beta Clinic', '2025-01-01')],
    ],
    [
      'two names with one slug: the first listed wins',
      [record('b', 'Hims & Hers', '2025-02-01'), record('a', 'Hims Hers', '2025-01-01')],
    ],
    [
      'listed at the same moment: the smaller id wins',
      [record('z', 'Acme!', '2025-01-01'), record('y', 'ACME', '2025-01-01')],
    ],
    ['a name without letters or digits', [record('q', '***', '2025-01-01')]],
  ])('%s', (_case, records) => {
    const index = slugIndex(records);
    for (const r of records) {
      const slug = providerSlug(r.name);
      expect(index.get(slug)).toBe(resolveSlug(records, slug));
    }
    expect(index.size).toBe(new Set(records.map((r) => providerSlug(r.name))).size);
  });

  it('agrees on random catalogues with many clashing names', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    for (let round = 0; round < 20; round++) {
      const records = Array.from({ length: 60 }, (_, i) =>
        record(
          `id-${Math.floor(random() * 1000)}-${i}`,
          ['Acme', 'acme!', 'Beta Care', 'beta-care', 'Gamma'][Math.floor(random() * 5)] ?? '',
          `2025-01-0${1 + Math.floor(random() * 3)}`,
        ),
      );
      const index = slugIndex(records);
      for (const [slug, found] of index) expect(found).toBe(resolveSlug(records, slug));
    }
  });
});
