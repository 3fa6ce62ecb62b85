/**
 * The providers list kit over HTTP: server-side filters, sort and pages, the CSV export with
 * the same filters, bulk feature / unfeature / delete, the trash and restore, and the audit
 * log's pages, filters and CSV with before -> after values.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPageView } from '../../../api/contracts/back-office';
import type {
  AdminProviderPage,
  AdminProviderView,
  BulkProviderResult,
  TrashedProviderView,
} from '../../../api/providers/contracts';
import type { ProviderDetailsInput } from '../../../domain/providers/provider';
import {
  registerAdmin,
  request,
  signIn,
  startTestServer,
  type AdminSession,
  type TestServer,
} from '../../support/http-server';

const EMAIL = 'lists@example.com';
const PASSWORD = 'a long test password 1';

const provider = (
  name: string,
  extra: Partial<ProviderDetailsInput> = {},
): ProviderDetailsInput => ({
  name,
  websiteUrl: `https://${name.toLowerCase().replace(/\W+/g, '-')}.example`,
  ...extra,
});

describe('Given an administrator and five providers', () => {
  let server: TestServer;
  let session: AdminSession;
  const ids: Record<string, string> = {};
  const get = async <T>(path: string) => {
    const response = await request(server.base, path, { session });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as T;
  };

  beforeAll(async () => {
    server = await startTestServer({ prefix: 'vial-admin-lists-' });
    await registerAdmin(server.backend, EMAIL, PASSWORD);
    session = await signIn(server.base, EMAIL, PASSWORD);
    const all = [
      provider('Alpha Care', { states: ['CA', 'NY'], trustpilotScore: 4.5, featured: true }),
      provider('Bravo Health', { states: ['TX'], googleScore: 3 }),
      provider('Charlie Clinic', { states: ['CA'], description: 'Weight care, online.' }),
      provider('Delta Meds', { states: ['FL'] }),
      provider('=Echo', { states: ['CA'] }),
    ];
    for (const details of all) {
      const response = await request(server.base, '/api/admin/providers', {
        json: details,
        session,
      });
      expect(response.status).toBe(201);
      ids[details.name] = ((await response.json()) as { id: string }).id;
    }
  });

  afterAll(async () => {
    await server?.close();
  });

  it('When the list is asked for without parameters, then it is the whole array, newest first, as before', async () => {
    const list = await get<AdminProviderView[]>('/api/admin/providers');
    expect(list.map((p) => p.name)).toEqual([
      '=Echo',
      'Delta Meds',
      'Charlie Clinic',
      'Bravo Health',
      'Alpha Care',
    ]);
    // A score never entered stays empty, not 0.
    expect(list.find((p) => p.name === 'Delta Meds')?.trustpilotScore).toBeNull();
  });

  it.each([
    ['state=CA&sort=name', ['=Echo', 'Alpha Care', 'Charlie Clinic']],
    ['state=CA&sort=name&dir=desc', ['Charlie Clinic', 'Alpha Care', '=Echo']],
    ['featured=yes', ['Alpha Care']],
    ['featured=no&state=CA&sort=name', ['=Echo', 'Charlie Clinic']],
    ['q=weight%20CARE', ['Charlie Clinic']],
    ['sort=trustpilotScore&dir=desc&state=CA&q=a', ['Alpha Care', 'Charlie Clinic']],
  ])('When filtered with %s, then the matches come in that order', async (query, names) => {
    const list = await get<AdminProviderView[]>(`/api/admin/providers?${query}`);
    expect(list.map((p) => p.name)).toEqual(names);
  });

  it('When a page is asked for, then it holds that page and the total of all matches', async () => {
    const first = await get<AdminProviderPage>('/api/admin/providers?sort=name&page=1&pageSize=10');
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 10 });
    expect(first.rows).toHaveLength(5);
    const beyond = await get<AdminProviderPage>('/api/admin/providers?page=3&pageSize=10');
    expect(beyond).toMatchObject({ rows: [], total: 5 });
  });

  it.each([
    ['state=ZZ', 'state', 'Unknown US state'],
    ['sort=price', 'sort', 'sort must be one of'],
    ['page=0', 'page', 'page must be 1 or more'],
    ['pageSize=7', 'pageSize', 'pageSize must be one of 10, 25, 50, 100'],
    ['minScore=11', 'minScore', 'minScore must be between 0 and 10'],
  ])(
    'When the list is asked with %s, then a 400 names the parameter',
    async (query, field, message) => {
      const response = await request(server.base, `/api/admin/providers?${query}`, { session });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { fields: Record<string, string> };
      expect(body.fields[field]).toContain(message);
    },
  );

  it('When the CSV is downloaded with a filter, then its rows are exactly the filtered list, formulas defused', async () => {
    const response = await request(server.base, '/api/admin/providers.csv?state=CA&sort=name', {
      session,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toContain('providers.csv');
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^id,name,websiteUrl,featured/);
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual([
      "'=Echo",
      'Alpha Care',
      'Charlie Clinic',
    ]);
    const bad = await request(server.base, '/api/admin/providers.csv?state=ZZ', { session });
    expect(bad.status).toBe(400);
  });

  it('When two providers are featured in bulk, then both are featured and each reports ok', async () => {
    const response = await request(server.base, '/api/admin/providers/bulk', {
      json: { action: 'feature', ids: [ids['Bravo Health'], ids['Alpha Care']] },
      session,
    });
    expect(response.status).toBe(200);
    const { results } = (await response.json()) as BulkProviderResult;
    expect(results.every((r) => r.ok)).toBe(true);
    const featured = await get<AdminProviderView[]>('/api/admin/providers?featured=yes&sort=name');
    expect(featured.map((p) => p.name)).toEqual(['Alpha Care', 'Bravo Health']);
  });

  it('When two providers are deleted in bulk, then they go to the trash and one can be restored as it was', async () => {
    const response = await request(server.base, '/api/admin/providers/bulk', {
      json: { action: 'delete', ids: [ids['Alpha Care'], ids['Delta Meds'], 'no-such-id'] },
      session,
    });
    const { results } = (await response.json()) as BulkProviderResult;
    expect(results).toEqual([
      { id: ids['Alpha Care'], ok: true },
      { id: ids['Delta Meds'], ok: true },
      { id: 'no-such-id', ok: false, error: 'Provider not found' },
    ]);
    const trash = await get<TrashedProviderView[]>('/api/admin/providers/trash');
    expect(trash.map((t) => t.name).sort()).toEqual(['Alpha Care', 'Delta Meds']);

    const restored = await request(
      server.base,
      `/api/admin/providers/${ids['Alpha Care']}/restore`,
      { method: 'POST', session },
    );
    expect(restored.status).toBe(200);
    const back = await get<AdminProviderView>(`/api/admin/providers/${ids['Alpha Care']}`);
    expect(back).toMatchObject({ name: 'Alpha Care', featured: true, states: ['CA', 'NY'] });
    // The site search has it again (its document went with it to the trash), not Delta Meds.
    const found = async (name: string) => {
      const answer = await get<{ groups: { kind: string; hits: { url: string }[] }[] }>(
        `/api/search?q=${encodeURIComponent(name)}`,
      );
      const hits = answer.groups.find((g) => g.kind === 'provider')?.hits ?? [];
      return hits.some((h) => h.url === `/providers/${name.toLowerCase().replace(/\W+/g, '-')}`);
    };
    expect(await found('Alpha Care')).toBe(true);
    expect(await found('Delta Meds')).toBe(false);
    const again = await request(server.base, `/api/admin/providers/${ids['Alpha Care']}/restore`, {
      method: 'POST',
      session,
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: 'Provider is not in the trash' });
  });

  it('When a provider is edited, then the audit log pages show who changed which field from what to what', async () => {
    const current = await get<AdminProviderView>(`/api/admin/providers/${ids['Bravo Health']}`);
    const {
      _id,
      prices: _p,
      vialScore: _v,
      pendingVialScore: _pv,
      revision,
      createdAt: _c,
      updatedAt: _u,
      ...details
    } = current;
    const edit = await request(server.base, `/api/admin/providers/${_id}`, {
      method: 'PUT',
      json: { details: { ...details, googleScore: 4.1 }, expectedRevision: revision },
      session,
    });
    expect(edit.status).toBe(200);

    const page = await get<AuditPageView>(
      `/api/admin/audit/page?kind=provider&actor=${encodeURIComponent(EMAIL.toUpperCase())}&limit=3`,
    );
    expect(page.entries).toHaveLength(3);
    expect(page.entries[0]).toMatchObject({
      summary: 'Edited provider "Bravo Health": googleScore',
      actor: { email: EMAIL },
      changes: [{ field: 'googleScore', before: 3, after: 4.1 }],
    });
    expect(page.nextCursor).toEqual(expect.any(String));
    // The next page continues where this one ended, without overlap.
    const next = await get<AuditPageView>(
      `/api/admin/audit/page?kind=provider&limit=3&cursor=${page.nextCursor}`,
    );
    const seen = new Set(page.entries.map((e) => e._id));
    expect(next.entries.some((e) => seen.has(e._id))).toBe(false);
    // A date range in the future matches nothing.
    const none = await get<AuditPageView>('/api/admin/audit/page?from=2999-01-01T00:00:00.000Z');
    expect(none).toEqual({ entries: [], nextCursor: null });

    const bad = await request(server.base, '/api/admin/audit/page?from=yesterday', { session });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields.from).toContain(
      'from must be',
    );

    const csv = await request(server.base, '/api/admin/audit.csv?kind=provider', { session });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain('googleScore: 3 -> 4.1');
    expect(text.trimEnd().split('\r\n').length - 1).toBeGreaterThanOrEqual(10);
  });
});
