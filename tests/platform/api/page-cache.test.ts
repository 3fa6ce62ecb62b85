import { describe, expect, it } from 'vitest';
import { createPageCache, pageCacheKey, type CachedPage } from '../../../api/ssr/page-cache';

const page = (body: string, status = 200): CachedPage => ({
  status,
  headers: [['content-type', 'text/html; charset=utf-8']],
  body,
});

function setup(options: { maxEntries?: number; ttlMs?: number; maxBytes?: number } = {}) {
  const state = { version: '1', caughtUp: true, time: 0, renders: 0 };
  const cache = createPageCache({
    version: async () => state.version,
    caughtUp: async () => state.caughtUp,
    now: () => state.time,
    ...options,
  });
  const render =
    (body = `render ${state.version}`, status = 200) =>
    async () => {
      state.renders++;
      return page(body, status);
    };
  return { state, cache, render };
}

describe('page cache', () => {
  it('Given a rendered page, When it is asked again at the same data version, Then it is not rendered again', async () => {
    const { state, cache, render } = setup();
    await cache.get('/', render());
    const again = await cache.get('/', render());
    expect(again.body).toBe('render 1');
    expect(state.renders).toBe(1);
  });

  it('When a new event arrives (version changes), Then the page is rendered again', async () => {
    const { state, cache, render } = setup();
    await cache.get('/', render());
    state.version = '2';
    expect((await cache.get('/', render())).body).toBe('render 2');
    expect(state.renders).toBe(2);
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
    const pages = await Promise.all([1, 2, 3].map(() => cache.get('/', render())));
    expect(pages.map((p) => p.body)).toEqual(['render 1', 'render 1', 'render 1']);
    expect(state.renders).toBe(1);
  });

  it('answers lookup() from kept pages only, and clear() empties it', async () => {
    const { state, cache, render } = setup();
    expect(await cache.lookup('/')).toBeUndefined();
    await cache.get('/', render());
    expect((await cache.lookup('/'))?.body).toBe('render 1');
    state.version = '2';
    expect(await cache.lookup('/')).toBeUndefined();
    await cache.get('/', render());
    cache.clear();
    expect(await cache.lookup('/')).toBeUndefined();
  });
});

describe('page cache whose data version is known without I/O (versionNow)', () => {
  function setupKnown() {
    const state = { known: 'r1' as string | null, asked: 0, renders: 0 };
    const cache = createPageCache({
      versionNow: () => state.known,
      version: async () => {
        state.asked++;
        return 'log-head';
      },
      caughtUp: async () => true,
    });
    const render = async () => {
      state.renders++;
      return page(`render ${state.renders}`);
    };
    return { state, cache, render };
  }

  it('Given a kept page, When peek() is asked at the same version, Then it answers at once without asking version()', async () => {
    const { state, cache, render } = setupKnown();
    expect(cache.peek('/')).toBeUndefined();
    await cache.get('/', render);
    expect(cache.peek('/')?.body).toBe('render 1');
    expect(state.asked).toBe(0);
  });

  it('When the read models change (versionNow moves), Then peek() answers nothing and get() renders again', async () => {
    const { state, cache, render } = setupKnown();
    await cache.get('/', render);
    state.known = 'r2';
    expect(cache.peek('/')).toBeUndefined();
    expect((await cache.get('/', render)).body).toBe('render 2');
    expect(cache.peek('/')?.body).toBe('render 2');
  });

  it('When the version cannot be known without I/O (versionNow is null), Then peek() says so with null and lookup() asks version()', async () => {
    const { state, cache, render } = setupKnown();
    state.known = null;
    await cache.get('/', render);
    expect(cache.peek('/')).toBeNull();
    expect((await cache.lookup('/'))?.body).toBe('render 1');
    expect(state.asked).toBeGreaterThan(0);
  });
});

describe('page cache that keeps nothing (PAGE_CACHE=off): renders shared while in flight', () => {
  function setupOff() {
    const state = { known: 'r1', renders: 0, release: () => {} };
    const cache = createPageCache({
      keep: false,
      versionNow: () => state.known,
      version: async () => state.known,
      caughtUp: async () => true,
    });
    const render = () => {
      state.renders++;
      const body = `render ${state.renders}`;
      return new Promise<CachedPage>((resolve) => (state.release = () => resolve(page(body))));
    };
    return { state, cache, render };
  }
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  it('Given a render in flight, When more requests for the page come, Then they wait for it and nothing is kept', async () => {
    const { state, cache, render } = setupOff();
    const first = cache.get('/', render);
    await Promise.resolve();
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
    await Promise.resolve();
    state.release();
    await first;
    await nextTurn();
    expect(cache.rendering('/')).toBeUndefined();
    const again = cache.get('/', render);
    await Promise.resolve();
    state.release();
    expect((await again).body).toBe('render 2');
  });

  it('When the read models change during a render, Then a later request does not wait for the older render', async () => {
    const { state, cache, render } = setupOff();
    const first = cache.get('/', render);
    await Promise.resolve();
    state.known = 'r2';
    expect(cache.rendering('/')).toBeUndefined();
    state.release();
    await first;
  });
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
