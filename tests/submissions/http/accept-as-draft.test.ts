/**
 * Accept as draft (issue 27), over HTTP on the app started for real: accepting a submission
 * lists a draft that no public read shows (a table of every public read the providers feed:
 * pages, lists, counts, sitemap, search, city pages, /cost, open data, comparison, calculator,
 * ranking, outbound links), that the back office lists with a draft filter, and that
 * 'Publish' puts on every one of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_PATHS, type AdminProviderView } from '../../../api/providers/contracts';
import type { AcceptSubmissionResult, SubmissionPage } from '../../../api/submissions/contracts';
import {
  registerAdmin,
  request,
  signIn,
  startTestServer,
  type AdminSession,
  type TestServer,
} from '../../support/http-server';

const EMAIL = 'drafts@example.com';
const PASSWORD = 'a long test password 1';
const DRAFT = 'Hidden Draft Clinic';
const DRAFT_SLUG = 'hidden-draft-clinic';
const PUBLISHED = 'Visible Clinic';
const PUBLISHED_SLUG = 'visible-clinic';
const actor = { actor: { kind: 'system' as const, id: 'test' }, correlationId: 'drafts' };
const ladder = { '0.25mg': 199, '0.5mg': 249, '1mg': 299, '1.7mg': 349, '2.4mg': 399 };

let server: TestServer;
let session: AdminSession;
let draftId = '';

async function dispatch(command: Record<string, unknown>) {
  // Test input: the bus validates it as any caller's.
  const result = await server.backend.bus.dispatch(command as never, actor);
  await server.backend.waitForProjections(result.position);
}

beforeAll(async () => {
  server = await startTestServer({ prefix: 'vial-drafts-' });
  await registerAdmin(server.backend, EMAIL, PASSWORD);
  session = await signIn(server.base, EMAIL, PASSWORD);
  await dispatch({
    type: 'ListProvider',
    details: {
      name: PUBLISHED,
      websiteUrl: 'https://visible.example',
      states: ['CA'],
      medications: ['Semaglutide'],
      featured: true,
    },
    prices: { semaglutide: ladder },
  });
  const sent = await request(server.base, '/api/provider-submissions', {
    json: {
      providerName: DRAFT,
      website: 'hidden.example',
      contactEmail: 'hello@hidden.example',
      medications: ['Semaglutide'],
      excludedStates: [],
      description: 'Telehealth GLP-1 care.',
      agreedToTerms: true,
      elapsedMs: 20_000,
    },
  });
  expect(sent.status).toBe(201);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

/** Every public read a provider appears on, and where its name or address would show. */
const PUBLIC_READS: [string, string][] = [
  ['the provider index', PROVIDER_PATHS.pages],
  ['the featured ranking', PROVIDER_PATHS.featured],
  ['the Vial Score worked example', PROVIDER_PATHS.vialScoreMethod],
  ['the California state page', '/api/cities/states/ca'],
  ['a California city page', '/api/cities/los-angeles-ca'],
  ['the /cost ranking', '/api/cost?medication=semaglutide&state=CA'],
  ['the open data (JSON)', '/data/prices.json'],
  ['the open data (CSV)', '/data/prices.csv'],
  ["the calculator's provider prices", '/api/calculator/provider-prices'],
  ['the site search', '/api/search?q=clinic'],
  ['the sitemap', '/sitemap.xml'],
];

const text = async (path: string) => {
  const response = await fetch(`${server.base}${path}`);
  return { status: response.status, body: await response.text() };
};

describe('Given a published provider and a submission accepted as a draft', () => {
  it('When the administrator accepts the submission, then a draft is made and its id answered', async () => {
    const inbox = await request(server.base, '/api/admin/submissions', { session });
    const id = ((await inbox.json()) as SubmissionPage).rows[0]?._id ?? '';
    const accepted = await request(server.base, `/api/admin/submissions/${id}/accept`, {
      method: 'POST',
      session,
    });
    expect(accepted.status).toBe(200);
    draftId = ((await accepted.json()) as AcceptSubmissionResult).providerId;
    const draft = await request(server.base, `/api/admin/providers/${draftId}`, { session });
    expect((await draft.json()) as AdminProviderView).toMatchObject({ name: DRAFT, draft: true });
    // Edited like any provider: featured with a full price ladder, so every list would take it.
    await dispatch({
      type: 'ChangeProviderPrices',
      providerId: draftId,
      prices: { semaglutide: ladder },
    });
    await dispatch({ type: 'SetProviderFeatured', providerId: draftId, featured: true });
  });

  it.each(PUBLIC_READS)('%s shows the published provider and not the draft', async (_, path) => {
    const { status, body } = await text(path);
    expect(status).toBe(200);
    expect(body).toMatch(new RegExp(`${PUBLISHED}|${PUBLISHED_SLUG}`));
    expect(body).not.toMatch(new RegExp(`${DRAFT}|${DRAFT_SLUG}`));
  });

  it.each([
    ['its page', PROVIDER_PATHS.page(DRAFT_SLUG)],
    ['its change log', PROVIDER_PATHS.changes(DRAFT_SLUG)],
    ['a comparison naming it', PROVIDER_PATHS.compare(`${PUBLISHED_SLUG},${DRAFT_SLUG}`)],
    ['its outbound link', `/go/${DRAFT_SLUG}`],
  ])('%s answers 404', async (_, path) => {
    const response = await fetch(`${server.base}${path}`, { redirect: 'manual' });
    expect(response.status).toBe(404);
  });

  it('the dashboard counts the published provider only', async () => {
    const response = await request(server.base, '/api/admin/dashboard', { session });
    expect(((await response.json()) as Record<string, number>).providers).toBe(1);
  });

  it("the back office lists it with the draft filter, and 'published' leaves it out", async () => {
    const list = async (status: string) => {
      const response = await request(server.base, `${PROVIDER_PATHS.admin}?status=${status}`, {
        session,
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as AdminProviderView[]).map((p) => p.name);
    };
    expect(await list('draft')).toEqual([DRAFT]);
    expect(await list('published')).toEqual([PUBLISHED]);
    const bad = await request(server.base, `${PROVIDER_PATHS.admin}?status=hidden`, { session });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      fields: { status: "status must be 'draft' or 'published'" },
    });
  });

  it("'Recompute now' on a draft is refused with a reason, never a 5xx", async () => {
    const response = await request(server.base, PROVIDER_PATHS.adminVialScore(draftId), {
      method: 'POST',
      session,
    });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: string }).error).toMatch(
      /published with the provider/,
    );
  });

  it('When it is published, then every public read shows it, and publishing again is refused', async () => {
    const stale = await request(server.base, PROVIDER_PATHS.adminPublish(draftId), {
      json: { expectedRevision: 0 },
      session,
    });
    expect(stale.status).toBe(409);

    const publish = await request(server.base, PROVIDER_PATHS.adminPublish(draftId), {
      method: 'POST',
      session,
    });
    expect(publish.status).toBe(200);
    for (const [, path] of PUBLIC_READS) {
      const { body } = await text(path);
      expect(body, path).toMatch(new RegExp(`${DRAFT}|${DRAFT_SLUG}`));
    }
    expect((await fetch(`${server.base}${PROVIDER_PATHS.page(DRAFT_SLUG)}`)).status).toBe(200);
    const dashboard = await request(server.base, '/api/admin/dashboard', { session });
    expect(((await dashboard.json()) as Record<string, number>).providers).toBe(2);

    const again = await request(server.base, PROVIDER_PATHS.adminPublish(draftId), {
      method: 'POST',
      session,
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: 'This provider is already published.' });
  });
});
