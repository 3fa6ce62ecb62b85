/**
 * Query functions over read models built from events.
 */
import { describe, expect, it } from 'vitest';
import { appProjectors, appQueries } from '../../../workers/bootstrap/composition';
import { history, providerListed, type History } from '../../support/events';
import { project } from '../../support/projections';
import {
  medicationOfFilter,
  parseMedicationFilter,
  providerListView,
} from '../../../domain/providers/list-view';
import { pageItems } from '../../../domain/shared/paging';
import type { Medication } from '../../../domain/shared/reference/medications';

async function given(h: History) {
  return appQueries(await project(appProjectors(), h.events));
}

const list = (h: History, id: string, name: string, description: string, occurredAt: string) =>
  providerListed(h, id, { name, description, websiteUrl: 'https://x.example' }, { occurredAt });

function threeProviders() {
  const h = history();
  list(h, 'p1', 'Acme Health', 'Online clinic', '2025-03-01T00:00:00.000Z');
  list(h, 'p2', 'Beta Care', 'Weight loss with ACME partners', '2025-03-02T00:00:00.000Z');
  list(h, 'p3', 'Gamma Clinic', 'Nationwide', '2025-03-03T00:00:00.000Z');
  h.add('provider-p3', 'ProviderFeatured', { providerId: 'p3' });
  return h;
}

describe('adminProviders', () => {
  it('lists newest first', async () => {
    const q = await given(threeProviders());
    expect((await q.adminProviders()).map((p) => p._id)).toEqual(['p3', 'p2', 'p1']);
  });

  it.each([
    ['acme', ['p2', 'p1']],
    ['ACME', ['p2', 'p1']],
    ['nationwide', ['p3']],
    ['  beta ', ['p2']],
    ['a.c', []],
    ['', ['p3', 'p2', 'p1']],
  ])('search %j matches name or description, any case', async (term, ids) => {
    const q = await given(threeProviders());
    expect((await q.adminProviders(term)).map((p) => p._id)).toEqual(ids);
  });

  it('finds one provider by id, or null', async () => {
    const q = await given(threeProviders());
    expect(await q.adminProvider('p2')).toMatchObject({ name: 'Beta Care', revision: 1 });
    expect(await q.adminProvider('nope')).toBeNull();
  });
});

describe('featuredProviderCards and dashboardCounts', () => {
  it('returns the featured cards in rank order and the counts', async () => {
    const q = await given(threeProviders());
    expect((await q.featuredProviderCards()).map((c) => [c._id, c.rank])).toEqual([['p3', 1]]);
    expect(await q.dashboardCounts()).toEqual({
      providers: 3,
      subscriptions: 0,
      submissions: 0,
      posts: 0,
      keywords: 0,
      media: 0,
      contactUnread: 0,
    });
  });

  it.each([
    { medication: undefined, page: 1, limit: 3 },
    { medication: undefined, page: 3, limit: 3 },
    { medication: undefined, page: 4, limit: 3 },
    { medication: 'semaglutide', page: 1, limit: 2 },
    { medication: 'semaglutide', page: 2, limit: 2 },
    { medication: 'tirzepatide', page: 1, limit: 10 },
    { medication: 'liraglutide', page: 1, limit: 10 },
  ])(
    'a page of the ranking cut by the store equals the list view cut afterwards: %j',
    async ({ medication, page, limit }) => {
      const h = history();
      const offers: Medication[][] = [
        ['Semaglutide'],
        ['Tirzepatide'],
        ['Semaglutide', 'Tirzepatide'],
      ];
      for (let i = 0; i < 8; i++) {
        providerListed(h, `p${i}`, {
          name: `Provider ${i}`,
          websiteUrl: 'https://x.example',
          medications: offers[i % 3],
          featured: true,
        });
      }
      const q = await given(h);
      const filter = parseMedicationFilter(medication);
      const expected = pageItems(
        providerListView(await q.featuredProviderCards(), { medication: filter }),
        limit,
        page,
      );
      const cut = await q.featuredProviderCardPage({
        medication: medicationOfFilter(filter),
        skip: (page - 1) * limit,
        limit,
      });
      expect(cut.cards.map((c) => c._id)).toEqual(expected.items.map((c) => c._id));
      expect(cut.total).toBe(expected.paging.total);
    },
  );

  it('counts are zero on an empty store', async () => {
    expect(await (await given(history())).dashboardCounts()).toEqual({
      providers: 0,
      subscriptions: 0,
      submissions: 0,
      posts: 0,
      keywords: 0,
      media: 0,
      contactUnread: 0,
    });
  });
});

describe('auditLog', () => {
  it('is newest first, limited, and filtered by subject', async () => {
    const q = await given(threeProviders());
    const log = await q.auditLog({ limit: 2 });
    expect(log.map((e) => e.position)).toEqual(['7', '6']);
    expect(log[0]).not.toHaveProperty('sortKey');
    expect((await q.auditLog({ subjectId: 'p1', limit: 10 })).map((e) => e.eventType)).toEqual([
      'VialScoreRecomputed',
      'ProviderListed',
    ]);
  });
});

describe('administrators', () => {
  it('finds an administrator by e-mail in any case, and counts the active ones', async () => {
    const h = history()
      .add('admin-x', 'AdminRegistered', {
        adminId: 'a-1',
        email: 'ops@example.com',
        passwordHash: 'h',
      })
      .add('admin-y', 'AdminRegistered', {
        adminId: 'a-2',
        email: 'old@example.com',
        passwordHash: 'h',
      })
      .add('admin-y', 'AdminDeactivated', { adminId: 'a-2' });
    const q = await given(h);
    expect(await q.adminUserByEmail(' OPS@example.com')).toMatchObject({
      _id: 'a-1',
      active: true,
    });
    expect(await q.adminUserByEmail('nobody@example.com')).toBeNull();
    expect(await q.adminCount()).toBe(1);
  });

  it('setup state is not started until a token is issued', async () => {
    const q = await given(history());
    expect(await q.setupState()).toEqual({
      status: 'not_started',
      tokenHash: null,
      expiresAt: null,
      completedAt: null,
      adminId: null,
    });
  });
});
