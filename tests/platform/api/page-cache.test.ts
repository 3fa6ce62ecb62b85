import { describe, expect, it } from 'vitest';
import {
  createPageCache,
  followEventLog,
  FOLLOW_LIMIT,
  pageCacheKey,
  type CachedPage,
  type ReadModelChange,
} from '../../../api/ssr/page-cache';
import { fieldsRead, keyedRead } from '../../../projections/read-matching';
import type { Document } from '../../../projections/read-store/port';

const page = (body: string, status = 200): CachedPage => ({
  status,
  headers: [['content-type', 'text/html; charset=utf-8']],
  body,
});

function setup(options: { maxEntries?: number; ttlMs?: number; maxBytes?: number } = {}) {
  const state = { caughtUp: true, time: 0, renders: 0 };
  const cache = createPageCache({
    caughtUp: async () => state.caughtUp,
    now: () => state.time,
    ...options,
  });
  /** A render that reads `collections` (as the tracked public reads record them). */
  const render =
    (body?: string, status = 200, collections: readonly string[] = ['providers']) =>
    async (reads: Set<string>) => {
      state.renders++;
      for (const collection of collections) reads.add(collection);
      return page(body ?? `render ${state.renders}`, status);
    };
  return { state, cache, render };
}

describe('page cache', () => {
  it('Given a rendered page, When it is asked again with nothing changed, Then it is not rendered again', async () => {
    const { state, cache, render } = setup();
    await cache.get('/', render());
    const again = await cache.get('/', render());
    expect(again.body).toBe('render 1');
    expect(state.renders).toBe(1);
  });

  it('Given the read models are behind, When a page is rendered, Then it is not kept', async () => {
    const { state, cache, render } = setup();
    state.caughtUp = false;
    await cache.get('/', render());
    await cache.get('/', render());
    expect(state.renders).toBe(2);
  });

  it.each([404, 500, 302])('does not keep a %i answer', async (status) => {
    const { state, cache, render } = setup();
    await cache.get('/missing', render('x', status));
    await cache.get('/missing', render('x', status));
    expect(state.renders).toBe(2);
  });

  it('expires entries after the TTL', async () => {
    const { state, cache, render } = setup({ ttlMs: 1000 });
    await cache.get('/', render());
    state.time = 1001;
    await cache.get('/', render());
    expect(state.renders).toBe(2);
  });

  it('keeps at most maxEntries pages, dropping the least recently used', async () => {
    const { state, cache, render } = setup({ maxEntries: 2 });
    await cache.get('/a', render());
    await cache.get('/b', render());
    await cache.get('/a', render()); // /a is now the most recent
    await cache.get('/c', render()); // drops /b
    expect(cache.size).toBe(2);
    state.renders = 0;
    await cache.get('/a', render());
    await cache.get('/b', render());
    expect(state.renders).toBe(1);
  });

  it('shares one render between concurrent requests for the same page', async () => {
    const { state, cache, render } = setup();
    const pages = await Promise.all([1, 2, 3].map(() => cache.get('/', render('shared'))));
    expect(pages.map((p) => p.body)).toEqual(['shared', 'shared', 'shared']);
    expect(state.renders).toBe(1);
  });

  it('answers lookup() and peek() from kept pages only, and clear() empties it', async () => {
    const { cache, render } = setup();
    expect(await cache.lookup('/')).toBeUndefined();
    expect(cache.peek('/')).toBeUndefined();
    await cache.get('/', render());
    expect((await cache.lookup('/'))?.body).toBe('render 1');
    expect(cache.peek('/')?.body).toBe('render 1');
    cache.clear();
    expect(await cache.lookup('/')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });
});

describe('page cache: a change drops only the pages that read what changed', () => {
  // Pages and the collections their renders read.
  const PAGES: Record<string, readonly string[]> = {
    '/': ['public_provider_ranking', 'site_content'],
    '/providers/acme': ['providers', 'site_content'],
    '/blog': ['posts', 'site_content'],
    '/about': ['site_content'],
  };

  it.each<[string, ReadModelChange, string[], string[]]>([
    ['a signup', { collections: ['subscriptions', 'audit_log'] }, [], Object.keys(PAGES)],
    [
      'a price change',
      { collections: ['providers', 'public_provider_ranking', 'audit_log'] },
      ['/', '/providers/acme'],
      ['/blog', '/about'],
    ],
    ['a post published', { collections: ['posts'] }, ['/blog'], ['/', '/providers/acme', '/about']],
    ['site content', { collections: ['site_content'] }, Object.keys(PAGES), []],
    ['a rebuild (everything)', { everything: true }, Object.keys(PAGES), []],
  ])(
    'When %s changes the read models, Then %j are dropped and %j stay',
    async (_name, change, dropped, kept) => {
      // Given every page kept
      const { cache, render } = setup();
      for (const [key, reads] of Object.entries(PAGES))
        await cache.get(key, render(key, 200, reads));
      const before = Object.fromEntries(Object.keys(PAGES).map((key) => [key, cache.peek(key)]));
      // When
      cache.invalidate(change);
      // Then
      for (const key of dropped) expect(cache.peek(key), key).toBeUndefined();
      for (const key of kept) expect(cache.peek(key), key).toBe(before[key]);
      expect(cache.stats().invalidated).toBe(dropped.length);
    },
  );

  it('Given a page whose render recorded no read, When anything changes, Then it is dropped', async () => {
    const { cache, render } = setup();
    await cache.get('/unrecorded', render('x', 200, []));
    expect(cache.peek('/unrecorded')?.body).toBe('x');
    cache.invalidate({ collections: ['subscriptions'] });
    expect(cache.peek('/unrecorded')).toBeUndefined();
  });

  it.each<[string, string, boolean]>([
    ['a collection it has read', 'providers', false],
    ['a collection it has not read', 'subscriptions', true],
  ])(
    'When %s changes while the page renders, Then the render is kept: %s',
    async (_n, changed, keptAfter) => {
      const { cache } = setup();
      let finish = () => {};
      const rendering = cache.get('/p', async (reads) => {
        reads.add('providers');
        await new Promise<void>((resolve) => (finish = resolve));
        return page('p');
      });
      await new Promise((resolve) => setImmediate(resolve));
      cache.invalidate({ collections: [changed] });
      finish();
      expect((await rendering).body).toBe('p');
      expect(cache.peek('/p') !== undefined).toBe(keptAfter);
    },
  );
});

describe('page cache: a change of documents drops only the pages whose reads depend on them', () => {
  const names = fieldsRead('providers', ['createdAt', 'draft', 'id', 'name']);
  // Pages and what their renders read (as projections/read-tracking.ts records it).
  const PAGES: Record<string, readonly string[]> = {
    '/': ['public_provider_ranking'],
    '/providers': [fieldsRead('providers', ['draft', 'name', 'updatedAt'])],
    '/providers/acme': [
      names,
      keyedRead('providers', { _id: 'acme' }),
      keyedRead('provider_history', { _id: 'acme' }),
    ],
    '/providers/beta': [
      names,
      keyedRead('providers', { _id: 'beta' }),
      keyedRead('provider_history', { _id: 'beta' }),
    ],
    '/near/los-angeles-ca': [keyedRead('state_provider_rankings', { _id: 'CA' })],
    '/near/chicago-il': [keyedRead('state_provider_rankings', { _id: 'IL' })],
    '/blog': [keyedRead('blog_posts', { published: true })],
    '/blog/a-post': [keyedRead('blog_posts', { slug: 'a-post', published: true })],
  };
  const ALL = Object.keys(PAGES);
  const but = (...pages: string[]) => ALL.filter((page) => !pages.includes(page));
  const acme = { _id: 'acme', name: 'Acme', createdAt: '1', updatedAt: '1', prices: [199] };
  const beta = { _id: 'beta', name: 'Beta', createdAt: '2', updatedAt: '2', prices: [149] };
  const post = { _id: 'p1', slug: 'a-post', published: true, title: 'A post' };
  const draft = { _id: 'p2', slug: 'b-post', published: false, title: 'B' };
  const changed = (collection: string, before: Document | null, after: Document | null) => ({
    collection,
    before,
    after,
  });

  it.each<[string, ReadModelChange, string[]]>([
    [
      'a price change of Acme (its record, its states, the ranking)',
      {
        collections: [],
        documents: [
          changed('providers', acme, { ...acme, updatedAt: '3', prices: [211] }),
          changed('state_provider_rankings', { _id: 'CA', top: 199 }, { _id: 'CA', top: 211 }),
          changed('public_provider_ranking', { _id: 'acme', p: 199 }, { _id: 'acme', p: 211 }),
        ],
      },
      ['/', '/providers', '/providers/acme', '/near/los-angeles-ca'],
    ],
    [
      'a change of Beta no field of the index shows',
      { collections: [], documents: [changed('providers', beta, { ...beta, prices: [150] })] },
      ['/providers/beta'],
    ],
    [
      'a rename of Beta (every provider page resolves its slug over the names)',
      { collections: [], documents: [changed('providers', beta, { ...beta, name: 'Bettr' })] },
      ['/providers', '/providers/acme', '/providers/beta'],
    ],
    [
      'a provider listed',
      {
        collections: [],
        documents: [changed('providers', null, { ...beta, _id: 'gamma', name: 'Gamma' })],
      },
      ['/providers', '/providers/acme', '/providers/beta'],
    ],
    [
      'a post unpublished',
      { collections: [], documents: [changed('blog_posts', post, { ...post, published: false })] },
      ['/blog', '/blog/a-post'],
    ],
    [
      'a draft edited',
      { collections: [], documents: [changed('blog_posts', draft, { ...draft, title: 'C' })] },
      [],
    ],
    [
      'a draft published',
      { collections: [], documents: [changed('blog_posts', draft, { ...draft, published: true })] },
      ['/blog'],
    ],
    [
      'a post deleted',
      { collections: [], documents: [changed('blog_posts', post, null)] },
      ['/blog', '/blog/a-post'],
    ],
    [
      'the records told whole, with a city',
      {
        collections: ['providers'],
        documents: [changed('state_provider_rankings', null, { _id: 'IL' })],
      },
      ['/providers', '/providers/acme', '/providers/beta', '/near/chicago-il'],
    ],
  ])('When %s, Then %j are dropped and the others stay', async (_name, change, dropped) => {
    // Given every page kept
    const { cache, render } = setup();
    for (const [key, reads] of Object.entries(PAGES)) await cache.get(key, render(key, 200, reads));
    const before = Object.fromEntries(ALL.map((key) => [key, cache.peek(key)]));
    // When
    cache.invalidate(change);
    // Then
    for (const key of dropped) expect(cache.peek(key), key).toBeUndefined();
    for (const key of but(...dropped)) expect(cache.peek(key), key).toBe(before[key]);
    expect(cache.stats().invalidated).toBe(dropped.length);
  });

  it.each<[string, Document, boolean]>([
    ['the document it has read', { _id: 'acme', name: 'Acme 2' }, false],
    ['another document', { _id: 'beta', name: 'Beta 2' }, true],
  ])(
    'When %s changes while the page renders, Then the render is kept: %s',
    async (_n, after, keptAfter) => {
      const { cache } = setup();
      let finish = () => {};
      const rendering = cache.get('/p', async (reads) => {
        reads.add(keyedRead('providers', { _id: 'acme' }));
        await new Promise<void>((resolve) => (finish = resolve));
        return page('p');
      });
      await new Promise((resolve) => setImmediate(resolve));
      cache.invalidate({ collections: [], documents: [changed('providers', null, after)] });
      expect(cache.rendering('/p') !== undefined).toBe(keptAfter);
      finish();
      expect((await rendering).body).toBe('p');
      expect(cache.peek('/p') !== undefined).toBe(keptAfter);
    },
  );

  it.each<[string, ReadModelChange, boolean]>([
    [
      'a document, told once written (the render reads it as it is)',
      { collections: [], documents: [changed('providers', acme, { ...acme, name: 'A' })] },
      true,
    ],
    [
      'the collection whole (found in the log: maybe not in the read models yet)',
      { collections: ['providers'] },
      false,
    ],
  ])(
    'When %s changes while a render runs, before it reads it, Then it is kept: %s',
    async (_n, change, keptAfter) => {
      const { cache } = setup();
      let read = () => {};
      const rendering = cache.get('/p', async (reads) => {
        await new Promise<void>((resolve) => (read = resolve));
        reads.add(keyedRead('providers', { _id: 'acme' }));
        return page('p');
      });
      await new Promise((resolve) => setImmediate(resolve));
      cache.invalidate(change);
      read();
      await rendering;
      expect(cache.peek('/p') !== undefined).toBe(keptAfter);
    },
  );

  it('Given a page dropped, When it is kept again, Then only its new reads count', async () => {
    const { cache, render } = setup();
    await cache.get('/p', render('1', 200, [keyedRead('providers', { _id: 'acme' })]));
    cache.invalidate({ collections: ['providers'] });
    await cache.get('/p', render('2', 200, [keyedRead('providers', { _id: 'beta' })]));
    cache.invalidate({ collections: [], documents: [changed('providers', acme, null)] });
    expect(cache.peek('/p')?.body).toBe('2');
  });
});

describe('page cache following the event log (distributed api: followEventLog)', () => {
  const COLLECTIONS: Record<string, readonly string[]> = {
    SubscriptionAdded: ['subscriptions'],
    ProviderPricesChanged: ['providers', 'public_provider_ranking'],
  };

  function setupFollowing() {
    const log = {
      head: 0n,
      events: [] as Array<{ type: string; position: bigint }>,
      failing: false,
      reads: 0,
      async headPosition() {
        return this.head;
      },
      async readAll({ after = 0n, limit = Infinity }: { after?: bigint; limit?: number }) {
        this.reads++;
        if (this.failing) throw new Error('log unavailable');
        return this.events.filter((e) => e.position > after).slice(0, limit);
      },
      append(type: string) {
        this.head++;
        this.events.push({ type, position: this.head });
      },
    };
    let renders = 0;
    // eslint-disable-next-line prefer-const -- assigned once the cache exists (follow calls it)
    let cache: ReturnType<typeof createPageCache>;
    const follow = followEventLog(
      log,
      async () => (type) => COLLECTIONS[type] ?? [],
      (change) => cache.invalidate(change),
    );
    cache = createPageCache({ follow, caughtUp: async () => true });
    const render = (collections: readonly string[]) => async (reads: Set<string>) => {
      renders++;
      for (const c of collections) reads.add(c);
      return page(`render ${renders}`);
    };
    return { log, cache, render };
  }

  it('peek() cannot answer (null): lookup() reads the log first', async () => {
    const { log, cache, render } = setupFollowing();
    log.append('SubscriptionAdded');
    await cache.get('/', render(['public_provider_ranking']));
    expect(cache.peek('/')).toBeNull();
    expect(cache.rendering('/')).toBeUndefined();
    expect((await cache.lookup('/'))?.body).toBe('render 1');
  });

  it.each<[string, (log: ReturnType<typeof setupFollowing>['log']) => void, boolean]>([
    ['nothing new in the log', () => {}, true],
    ['a signup', (log) => log.append('SubscriptionAdded'), true],
    ['a price change', (log) => log.append('ProviderPricesChanged'), false],
    [
      `more than ${FOLLOW_LIMIT} events at once`,
      (log) => {
        for (let i = 0; i < FOLLOW_LIMIT; i++) log.append('SubscriptionAdded');
      },
      false,
    ],
    ['a log whose head went back (another log)', (log) => (log.head = 0n), false],
    [
      'a read of the log that fails',
      (log) => {
        log.append('SubscriptionAdded');
        log.failing = true;
      },
      false,
    ],
  ])('Given / kept, When the log shows %s, Then / is still kept: %s', async (_n, when, kept) => {
    const { log, cache, render } = setupFollowing();
    log.append('ProviderPricesChanged');
    await cache.get('/', render(['public_provider_ranking']));
    when(log);
    expect((await cache.lookup('/'))?.body === 'render 1').toBe(kept);
  });
});

describe('page cache that keeps nothing (PAGE_CACHE=off): renders shared while in flight', () => {
  function setupOff() {
    const state = { renders: 0, release: () => {} };
    const cache = createPageCache({ keep: false, caughtUp: async () => true });
    const render = (reads: Set<string>) => {
      state.renders++;
      reads.add('providers');
      const body = `render ${state.renders}`;
      return new Promise<CachedPage>((resolve) => (state.release = () => resolve(page(body))));
    };
    return { state, cache, render };
  }
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  it('Given a render in flight, When more requests for the page come, Then they wait for it and nothing is kept', async () => {
    const { state, cache, render } = setupOff();
    const first = cache.get('/', render);
    await nextTurn();
    const joined = cache.rendering('/');
    expect(joined).toBeDefined();
    const second = cache.get('/', render);
    state.release();
    expect((await first).body).toBe('render 1');
    expect((await second).body).toBe('render 1');
    expect((await joined)?.body).toBe('render 1');
    expect(state.renders).toBe(1);
    expect(cache.size).toBe(0);
    expect(cache.peek('/')).toBeUndefined();
    expect(cache.keeps).toBe(false);
  });

  it('When the render has ended and the event loop has turned, Then the next request renders again', async () => {
    const { state, cache, render } = setupOff();
    const first = cache.get('/', render);
    await nextTurn();
    state.release();
    await first;
    await nextTurn();
    expect(cache.rendering('/')).toBeUndefined();
    const again = cache.get('/', render);
    await nextTurn();
    state.release();
    expect((await again).body).toBe('render 2');
  });

  it.each<[string, ReadModelChange, boolean]>([
    ['something it has read', { collections: ['providers'] }, false],
    ['something it has not read', { collections: ['subscriptions'] }, true],
    ['everything', { everything: true }, false],
  ])(
    'When %s changes during a render, Then a later request waits for that render: %s',
    async (_n, change, joins) => {
      const { state, cache, render } = setupOff();
      const first = cache.get('/', render);
      await nextTurn();
      cache.invalidate(change);
      expect(cache.rendering('/') !== undefined).toBe(joins);
      state.release();
      await first;
    },
  );
});

describe('page cache keys: the path plus the query parameters the page declares', () => {
  it.each([
    ['/', '', [], '/'],
    ['/', 'utm_source=abc123', [], '/'],
    ['/calculator', 'utm_source=x&tab=cost&gclid=y', ['tab', 'dose'], '/calculator?tab=cost'],
    ['/calculator', 'dose=1&tab=cost', ['tab', 'dose'], '/calculator?dose=1&tab=cost'],
    ['/calculator', 'tab=cost&dose=1', ['tab', 'dose'], '/calculator?dose=1&tab=cost'],
    ['/calculator', 'fbclid=1', ['tab'], '/calculator'],
  ])('%s?%s declaring %j -> %s', (path, search, declared, key) => {
    expect(pageCacheKey(path, search, declared)).toBe(key);
  });
});

describe('page cache bound by bytes', () => {
  it('drops the least recently used pages once the kept HTML passes maxBytes', async () => {
    const { cache, render } = setup({ maxBytes: 250 });
    await cache.get('/a', render('a'.repeat(62)));
    await cache.get('/b', render('b'.repeat(62)));
    await cache.get('/a', render()); // a is now the most recent
    await cache.get('/c', render('c'.repeat(62)));
    expect(cache.stats()).toMatchObject({ entries: 2, bytes: 200, maxBytes: 250 });
    const renders: string[] = [];
    for (const key of ['/a', '/c', '/b']) {
      await cache.get(key, async () => {
        renders.push(key);
        return page('again');
      });
    }
    expect(renders).toEqual(['/b']);
  });

  it('does not keep a page larger than the whole budget', async () => {
    const { cache, render } = setup({ maxBytes: 50 });
    await cache.get('/big', render('x'.repeat(100)));
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('counts hits and misses for the hit ratio', async () => {
    const { cache, render } = setup();
    expect(cache.stats().hitRatio).toBe(0);
    await cache.get('/', render());
    await cache.get('/', render());
    await cache.get('/', render());
    await cache.get('/x', render());
    expect(cache.stats()).toMatchObject({ hits: 2, misses: 2, hitRatio: 0.5 });
  });
});
