/**
 * Trending keywords over HTTP, on the app started for real: an administrator adds, edits,
 * reorders, deactivates and deletes keywords; bad input is a 400 naming the field (never a
 * 5xx); the public read lists the active ones in order; the dashboard, the audit log, the
 * sitemap and the site search follow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeywordPage, TrendingKeywordsView } from '../../../api/keywords/contracts';
import { KEYWORD_MESSAGES } from '../../../api/keywords/contracts';
import {
  registerAdmin,
  request,
  signIn,
  startTestServer,
  type AdminSession,
  type TestServer,
} from '../../support/http-server';

const EMAIL = 'ops@example.com';
const PASSWORD = 'a long test password 1';

describe('Given an administrator and no keywords', () => {
  let server: TestServer;
  let base: string;
  let session: AdminSession;
  const ids: Record<string, string> = {};

  const list = async (query = '') => {
    const response = await request(base, `/api/admin/keywords${query}`, { session });
    expect(response.status).toBe(200);
    return (await response.json()) as KeywordPage;
  };
  const trending = async () => {
    const response = await request(base, '/api/keywords/trending');
    expect(response.status).toBe(200);
    return ((await response.json()) as TrendingKeywordsView).keywords.map((k) => k.keyword);
  };
  const add = async (keyword: string, extra: Record<string, string> = {}) => {
    const response = await request(base, '/api/admin/keywords', {
      session,
      json: { keyword, ...extra },
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    ids[keyword.replace(/\s+/g, ' ').trim()] = id;
    return id;
  };
  const move = (keyword: string, body: unknown) =>
    request(base, `/api/admin/keywords/${ids[keyword]}/move`, { session, json: body });

  beforeAll(async () => {
    server = await startTestServer({ prefix: 'vial-keywords-' });
    base = server.base;
    await registerAdmin(server.backend, EMAIL, PASSWORD);
    session = await signIn(base, EMAIL, PASSWORD);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('When nobody is signed in, then the admin list answers 401', async () => {
    expect((await request(base, '/api/admin/keywords')).status).toBe(401);
  });

  it('When keywords are added, then they list in the order added, trimmed, and the dashboard counts them', async () => {
    await add('  ozempic   cost ', { category: 'Prices', note: 'From the search log' });
    await add('wegovy side effects');
    await add('mounjaro vs zepbound');
    const page = await list();
    expect(page.rows.map((k) => [k.keyword, k.position, k.active])).toEqual([
      ['ozempic cost', 1, true],
      ['wegovy side effects', 2, true],
      ['mounjaro vs zepbound', 3, true],
    ]);
    expect(page.rows[0]).toMatchObject({ category: 'Prices', note: 'From the search log' });
    const counts = (await (await request(base, '/api/admin/dashboard', { session })).json()) as {
      keywords: number;
    };
    expect(counts.keywords).toBe(3);
    expect(await trending()).toEqual([
      'ozempic cost',
      'wegovy side effects',
      'mounjaro vs zepbound',
    ]);
  });

  it.each([
    [{}, 'keyword', KEYWORD_MESSAGES.keywordRequired],
    [{ keyword: '   ' }, 'keyword', KEYWORD_MESSAGES.keywordRequired],
    [{ keyword: 42 }, 'keyword', KEYWORD_MESSAGES.keywordRequired],
    [{ keyword: 'x'.repeat(81) }, 'keyword', KEYWORD_MESSAGES.keywordTooLong],
    [{ keyword: 'ok', category: 'c'.repeat(61) }, 'category', KEYWORD_MESSAGES.categoryTooLong],
    [{ keyword: 'ok', note: 'n'.repeat(501) }, 'note', KEYWORD_MESSAGES.noteTooLong],
  ])('When %j is sent, then 400 names %s', async (body, field, message) => {
    const response = await request(base, '/api/admin/keywords', { session, json: body });
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { fields: Record<string, string> };
    expect(answer.fields[field]).toBe(message);
  });

  it('When the same keyword is added in another case, then 409 and nothing is added', async () => {
    const response = await request(base, '/api/admin/keywords', {
      session,
      json: { keyword: 'OZEMPIC  Cost' },
    });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: string }).error).toBe(
      KEYWORD_MESSAGES.keywordTaken,
    );
    expect((await list()).total).toBe(3);
  });

  it('When keywords move up, down and to a position, then the order follows the rule', async () => {
    expect((await move('mounjaro vs zepbound', { direction: 'up' })).status).toBe(200);
    expect(await trending()).toEqual([
      'ozempic cost',
      'mounjaro vs zepbound',
      'wegovy side effects',
    ]);
    expect((await move('ozempic cost', { position: 3 })).status).toBe(200);
    expect(await trending()).toEqual([
      'mounjaro vs zepbound',
      'wegovy side effects',
      'ozempic cost',
    ]);
    expect((await move('mounjaro vs zepbound', { direction: 'up' })).status).toBe(200);
    expect(await trending()).toEqual([
      'mounjaro vs zepbound',
      'wegovy side effects',
      'ozempic cost',
    ]);
  });

  it.each([[{}], [{ direction: 'sideways' }], [{ position: 0 }], [{ position: 'first' }]])(
    'When a move sends %j, then 400, never 5xx',
    async (body) => {
      const response = await move('ozempic cost', body);
      expect(response.status).toBe(400);
    },
  );

  it('When a keyword is renamed, its old text becomes free and the new one taken', async () => {
    const response = await request(base, `/api/admin/keywords/${ids['ozempic cost']}`, {
      method: 'PUT',
      session,
      json: { keyword: 'Ozempic price', category: 'Prices' },
    });
    expect(response.status).toBe(200);
    await add('ozempic cost');
    expect((await list('?q=ozempic')).rows.map((k) => k.keyword)).toEqual([
      'Ozempic price',
      'ozempic cost',
    ]);
  });

  it('When a keyword is deactivated, then the public page no longer lists it; activated, it returns', async () => {
    const id = ids['wegovy side effects'];
    const off = await request(base, `/api/admin/keywords/${id}/active`, {
      session,
      json: { active: false },
    });
    expect(off.status).toBe(200);
    expect(await trending()).not.toContain('wegovy side effects');
    expect((await list('?status=inactive')).rows.map((k) => k.keyword)).toEqual([
      'wegovy side effects',
    ]);
    const bad = await request(base, `/api/admin/keywords/${id}/active`, {
      session,
      json: { active: 'yes' },
    });
    expect(bad.status).toBe(400);
    await request(base, `/api/admin/keywords/${id}/active`, { session, json: { active: true } });
    expect(await trending()).toContain('wegovy side effects');
  });

  it('When a keyword is deleted, then it is gone, the count goes down and an unknown id is 404', async () => {
    const id = ids['ozempic cost'];
    const response = await request(base, `/api/admin/keywords/${id}`, {
      method: 'DELETE',
      session,
    });
    expect(response.status).toBe(200);
    expect(await trending()).not.toContain('ozempic cost');
    const again = await request(base, `/api/admin/keywords/${id}`, { method: 'DELETE', session });
    expect(again.status).toBe(404);
    const counts = (await (await request(base, '/api/admin/dashboard', { session })).json()) as {
      keywords: number;
    };
    expect(counts.keywords).toBe(3);
  });

  it('Then each change is in the audit log', async () => {
    const response = await request(base, '/api/admin/audit?pageSize=100', { session });
    const text = await response.text();
    expect(text).toContain('Added the trending keyword');
    expect(text).toContain('Moved the trending keyword');
    expect(text).toContain('Deactivated the trending keyword');
    expect(text).toContain('Deleted the trending keyword');
  });

  it('Then the sitemap lists /trending-keywords and the site search finds a keyword', async () => {
    const sitemap = await (await request(base, '/sitemap.xml')).text();
    expect(sitemap).toContain('/trending-keywords');
    const search = await (await request(base, '/api/search?q=zepbound')).text();
    expect(search).toContain(`"keyword:${ids['mounjaro vs zepbound']}"`);
  });
});
