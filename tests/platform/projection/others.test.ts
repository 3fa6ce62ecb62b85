/**
 * Dashboard counts, audit log and admin users projectors: given events -> documents.
 */
import { describe, expect, it } from 'vitest';
import { appQueries } from '../../../workers/bootstrap/composition';
import { adminUsersProjector } from '../../../projections/admins';
import { liveContext } from '../../../projections/projector';
import { providerStreamId } from '../../../domain/providers/events';
import { providerDetailsSchema } from '../../../domain/providers/provider';
import { ADMIN, history, listing, vialScoreOf, type History } from '../../support/events';
import { appProjector, project } from '../../support/projections';

const dashboardProjector = appProjector('dashboard');
const auditProjector = appProjector('audit_log');

/** The ProviderListed event alone (no first score): the audit tests read every entry. */
const list = (h: History, id: string, name = 'Acme Health') =>
  h.add(providerStreamId(id), 'ProviderListed', listing(id, { name }));

describe('dashboard counts', () => {
  it('counts listed providers minus removed ones; the other counts stay 0', async () => {
    const h = history();
    list(h, 'p1');
    list(h, 'p2');
    list(h, 'p3');
    h.add('provider-p2', 'ProviderRemoved', { providerId: 'p2', name: 'Acme Health' });
    const store = await project(dashboardProjector, h.events);
    expect(await appQueries(store).dashboardCounts()).toEqual({
      providers: 2,
      subscriptions: 0,
      submissions: 0,
      posts: 0,
      keywords: 0,
      media: 0,
      contactUnread: 0,
    });
  });

  it('a provider restored from the trash counts again', async () => {
    const h = history();
    list(h, 'p1');
    list(h, 'p2');
    h.add('provider-p2', 'ProviderRemoved', {
      providerId: 'p2',
      name: 'Acme Health',
      removedAt: '2025-01-01T00:00:00.000Z',
    });
    h.add('provider-p2', 'ProviderRestored', {
      providerId: 'p2',
      details: providerDetailsSchema.parse({
        name: 'Acme Health',
        websiteUrl: 'https://a.example',
      }),
      prices: { semaglutide: {}, tirzepatide: {} },
    });
    const store = await project(dashboardProjector, h.events);
    expect((await appQueries(store).dashboardCounts()).providers).toBe(2);
  });

  it('applying the same listing again (a replay after a crash) counts it once', async () => {
    const h = list(history(), 'p1');
    const store = await project(dashboardProjector, h.events);
    const ctx = liveContext(store);
    await dashboardProjector.handle(h.events[0]!, ctx);
    await dashboardProjector.flush?.(ctx);
    expect(await appQueries(store).dashboardCounts()).toEqual({
      providers: 1,
      subscriptions: 0,
      submissions: 0,
      posts: 0,
      keywords: 0,
      media: 0,
      contactUnread: 0,
    });
  });

  it('a batch of events counts each once, and the batch again counts nothing', async () => {
    const h = history();
    for (const id of ['p1', 'p2', 'p3']) list(h, id);
    h.add('provider-p1', 'ProviderRemoved', { providerId: 'p1', name: 'Acme Health' });
    const store = await project(dashboardProjector, h.events);
    const ctx = liveContext(store);
    for (const event of h.events) await dashboardProjector.handle(event, ctx);
    await dashboardProjector.flush?.(ctx);
    expect(await appQueries(store).dashboardCounts()).toEqual({
      providers: 2,
      subscriptions: 0,
      submissions: 0,
      posts: 0,
      keywords: 0,
      media: 0,
      contactUnread: 0,
    });
  });
});

describe('audit log', () => {
  async function entries(h: History) {
    const store = await project(auditProjector, h.events);
    return store.collection('audit_log').find({}, { sort: { _id: 1 } });
  }

  it('records who, when, what and which provider for a listing', async () => {
    const [entry] = await entries(list(history(), 'p1'));
    expect(entry).toEqual({
      _id: '0000000000000000000000000000000000000001',
      position: '1',
      occurredAt: '2025-03-14T10:00:00.000Z',
      actor: ADMIN,
      eventType: 'ProviderListed',
      summary: 'Listed provider "Acme Health"',
      subject: { kind: 'provider', id: 'p1', name: 'Acme Health' },
      changedFields: [],
    });
  });

  it.each([
    [
      'ProviderDetailsChanged',
      { providerId: 'p1', changes: { googleScore: 4 }, changedFields: ['googleScore'] },
      'Edited provider "Acme Health": googleScore',
      ['googleScore'],
    ],
    [
      'ProviderDetailsChanged',
      { providerId: 'p1', changes: { name: 'Acme 2' }, changedFields: ['name'] },
      'Edited provider "Acme 2": name',
      ['name'],
    ],
    [
      'ProviderPricesChanged',
      { providerId: 'p1', prices: { semaglutide: { '0.25mg': 199 }, tirzepatide: {} } },
      'Changed prices of provider "Acme Health"',
      ['prices.semaglutide'],
    ],
    ['ProviderFeatured', { providerId: 'p1' }, 'Featured provider "Acme Health"', ['featured']],
    ['ProviderUnfeatured', { providerId: 'p1' }, 'Unfeatured provider "Acme Health"', ['featured']],
    [
      'ProviderRemoved',
      { providerId: 'p1', name: 'Acme Health' },
      'Removed provider "Acme Health"',
      [],
    ],
    [
      'VialScoreRecomputed',
      {
        providerId: 'p1',
        score: vialScoreOf({ name: 'x' }),
        reason: 'monthly',
        month: '2025-04',
      },
      'Published Vial Score 0/10 for provider "Acme Health" (monthly, 2025-04)',
      ['vialScore'],
    ],
  ])('%s is summarised', async (type, data, summary, changedFields) => {
    const h = list(history(), 'p1').add('provider-p1', type, data);
    const last = (await entries(h)).at(-1);
    expect(last).toMatchObject({ eventType: type, summary, changedFields });
  });

  it('later entries name the provider by its new name', async () => {
    const h = list(history(), 'p1')
      .add('provider-p1', 'ProviderDetailsChanged', {
        providerId: 'p1',
        changes: { name: 'Renamed' },
        changedFields: ['name'],
      })
      .add('provider-p1', 'ProviderFeatured', { providerId: 'p1' });
    expect((await entries(h)).at(-1)).toMatchObject({
      summary: 'Featured provider "Renamed"',
      subject: { kind: 'provider', id: 'p1', name: 'Renamed' },
    });
  });

  it('administrator events never show a password hash', async () => {
    const h = history()
      .add('admin-x', 'AdminRegistered', {
        adminId: 'a-2',
        email: 'new@example.com',
        passwordHash: 'scrypt$secret',
      })
      .add('admin-x', 'AdminPasswordChanged', { adminId: 'a-2', passwordHash: 'scrypt$secret2' })
      .add('admin-x', 'AdminDeactivated', { adminId: 'a-2' });
    const log = await entries(h);
    expect(log.map((e) => e.summary)).toEqual([
      'Registered administrator new@example.com',
      'Changed the password of administrator new@example.com',
      'Deactivated administrator new@example.com',
    ]);
    expect(JSON.stringify(log)).not.toContain('scrypt$');
  });
});

describe('admin users and setup', () => {
  it('keeps each administrator with hash and active flag', async () => {
    const h = history()
      .add('admin-x', 'AdminRegistered', {
        adminId: 'a-2',
        email: 'new@example.com',
        passwordHash: 'h1',
      })
      .add('admin-x', 'AdminPasswordChanged', { adminId: 'a-2', passwordHash: 'h2' })
      .add('admin-y', 'AdminRegistered', {
        adminId: 'a-3',
        email: 'old@example.com',
        passwordHash: 'h3',
      })
      .add('admin-y', 'AdminDeactivated', { adminId: 'a-3' });
    const store = await project(adminUsersProjector, h.events);
    expect(await store.collection('admin_users').find({}, { sort: { _id: 1 } })).toEqual([
      {
        _id: 'a-2',
        email: 'new@example.com',
        passwordHash: 'h2',
        active: true,
        createdAt: '2025-03-14T10:00:00.000Z',
        streamId: 'admin-x',
        lastSignInAt: null,
      },
      {
        _id: 'a-3',
        email: 'old@example.com',
        passwordHash: 'h3',
        active: false,
        createdAt: '2025-03-14T10:00:00.000Z',
        streamId: 'admin-y',
        lastSignInAt: null,
      },
    ]);
  });

  it('keeps the current setup token, then its completion', async () => {
    const h = history().add('admin-setup', 'AdminSetupTokenIssued', {
      tokenHash: 't1',
      expiresAt: '2025-03-15T10:00:00.000Z',
    });
    let store = await project(adminUsersProjector, h.events);
    expect(await store.collection('admin_setup').findOne({ _id: 'setup' })).toEqual({
      _id: 'setup',
      status: 'issued',
      tokenHash: 't1',
      expiresAt: '2025-03-15T10:00:00.000Z',
      completedAt: null,
      adminId: null,
    });
    h.add(
      'admin-setup',
      'AdminSetupCompleted',
      { adminId: 'a-1' },
      { occurredAt: '2025-03-14T11:00:00.000Z' },
    );
    store = await project(adminUsersProjector, h.events);
    expect(await store.collection('admin_setup').findOne({ _id: 'setup' })).toMatchObject({
      status: 'completed',
      tokenHash: null,
      completedAt: '2025-03-14T11:00:00.000Z',
      adminId: 'a-1',
    });
  });
});
