/**
 * The sealed event store's table of sealed fields, on a real SQLite log and key store: each
 * sealed event's stored data, how it reads with its key, and how it reads once erased.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openEventStore } from '../../../commands/event-store';
import { visitorEvent } from '../../support/visitor-event';
import type { EventStore } from '../../../commands/event-store/port';
import { SqliteSubscriberKeyStore, withSealedSubscriberEmails } from '../../../commands/newsletter';

const ID = 'c'.repeat(32);
const STREAM = `subscription-${ID}`;
const ALERT = { kind: 'provider', providerSlug: 'acme', medication: 'tirzepatide' };

const event = visitorEvent;

let dataDir: string;
let raw: EventStore;
let sealed: EventStore;

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'vial-sealed-fields-'));
  raw = await openEventStore({ kind: 'sqlite', path: path.join(dataDir, 'events.sqlite') });
  const keys = SqliteSubscriberKeyStore.open(path.join(dataDir, 'subscriber-keys.sqlite'));
  sealed = withSealedSubscriberEmails(raw, keys);
  await sealed.append(
    STREAM,
    [
      event('VisitorSubscribed', {
        subscriptionId: ID,
        email: 'ann@example.com',
        weeklyIssue: false,
      }),
      event('SubscriberPreferencesChanged', {
        subscriptionId: ID,
        medications: ['tirzepatide'],
        state: 'OH',
        weeklyIssue: false,
        priceAlerts: true,
      }),
      event('SubscriberBounced', { subscriptionId: ID, response: '550 no such user' }),
    ],
    'no_stream',
  );
  await sealed.append(
    `price-alerts-${ID}`,
    [event('PriceAlertRequested', { subscriptionId: ID, alertId: 'a-1', alert: ALERT })],
    'no_stream',
  );
});

afterEach(async () => {
  await sealed.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const SEALED_TEXT = expect.stringMatching(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
const dataOf = async (store: EventStore, stream: string) =>
  (await store.readStream(stream)).map((e) => e.data);

describe('stored', () => {
  it('the address as sealedEmail, the others as one sealed JSON; unsealed fields stay as they are', async () => {
    expect(await dataOf(raw, STREAM)).toEqual([
      { subscriptionId: ID, weeklyIssue: false, sealedEmail: SEALED_TEXT },
      { subscriptionId: ID, sealed: SEALED_TEXT },
      { subscriptionId: ID, response: '550 no such user' },
    ]);
    expect(await dataOf(raw, `price-alerts-${ID}`)).toEqual([
      { subscriptionId: ID, alertId: 'a-1', sealed: SEALED_TEXT },
    ]);
  });
});

describe('read', () => {
  it('with the key: the events as they were appended (weeklyIssue kept beside the address)', async () => {
    expect(await dataOf(sealed, STREAM)).toEqual([
      { subscriptionId: ID, weeklyIssue: false, email: 'ann@example.com' },
      {
        subscriptionId: ID,
        medications: ['tirzepatide'],
        state: 'OH',
        weeklyIssue: false,
        priceAlerts: true,
      },
      { subscriptionId: ID, response: '550 no such user' },
    ]);
    expect(await dataOf(sealed, `price-alerts-${ID}`)).toEqual([
      { subscriptionId: ID, alertId: 'a-1', alert: ALERT },
    ]);
  });

  it('after the deletion: erased, without the sealed fields, in every stream', async () => {
    await sealed.append(
      STREAM,
      [event('SubscriptionDeleted', { subscriptionId: ID, wasActive: true })],
      2,
    );
    expect(await dataOf(sealed, STREAM)).toEqual([
      { subscriptionId: ID, weeklyIssue: false, email: null, erased: true },
      { subscriptionId: ID, erased: true },
      { subscriptionId: ID, response: '550 no such user' },
      { subscriptionId: ID, wasActive: true },
    ]);
    expect(await dataOf(sealed, `price-alerts-${ID}`)).toEqual([
      { subscriptionId: ID, alertId: 'a-1', erased: true },
    ]);
    const all = JSON.stringify((await sealed.readAll()).map((e) => e.data));
    expect(all).not.toContain('tirzepatide');
    expect(all).not.toContain('ann@example.com');
  });
});
