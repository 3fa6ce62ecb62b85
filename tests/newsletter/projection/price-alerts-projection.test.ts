/**
 * The 'price_alerts' read model: a row per alert kept, confirmed with its address (also an
 * alert asked after the confirmation), gone when removed; an erased request makes no row, and
 * SubscriptionDeleted removes the subscriber's rows (the medication leaves with the address).
 */
import { describe, expect, it } from 'vitest';
import {
  PRICE_ALERT_COLLECTIONS,
  priceAlertQueries,
  priceAlertsProjector,
  type PriceAlertDoc,
} from '../../../projections/newsletter';
import type { ProjectedEvent } from '../../../projections/event-source';
import { project } from '../../support/projections';
import { recorded } from '../../support/events';

const ANN = 'a'.repeat(32);
const BOB = 'b'.repeat(32);
let position = 0n;
/** One stored event (alert events are typed by the bus; the test builds them as stored). */
const event = (type: string, data: Record<string, unknown>): ProjectedEvent =>
  recorded(type as never, data as never, {
    position: ++position,
    revision: 0,
    streamId: `price-alerts-${String(data.subscriptionId)}`,
  });

const hims = { kind: 'provider', providerSlug: 'hims', medication: 'semaglutide' };
const ohio = { kind: 'cheapest', medication: 'tirzepatide', state: 'OH', below: 300 };

const rows = async (events: ProjectedEvent[]) => {
  const store = await project(priceAlertsProjector, events);
  const docs = await store
    .collection<PriceAlertDoc>(PRICE_ALERT_COLLECTIONS.alerts)
    .find({}, { sort: { _id: 1 } });
  return {
    store,
    docs: docs.map(({ _id, subscriptionId, kind, confirmed }) => ({
      _id,
      subscriptionId,
      kind,
      confirmed,
    })),
  };
};

describe('price_alerts', () => {
  it('keeps each alert, unconfirmed until its address confirms, then confirmed (also later ones)', async () => {
    const { docs } = await rows([
      event('PriceAlertRequested', { subscriptionId: ANN, alertId: 'a1', alert: hims }),
      event('PriceAlertsConfirmed', { subscriptionId: ANN }),
      event('PriceAlertRequested', { subscriptionId: ANN, alertId: 'a2', alert: ohio }),
      event('PriceAlertRequested', { subscriptionId: BOB, alertId: 'b1', alert: hims }),
    ]);
    expect(docs).toEqual([
      { _id: 'a1', subscriptionId: ANN, kind: 'provider', confirmed: true },
      { _id: 'a2', subscriptionId: ANN, kind: 'cheapest', confirmed: true },
      { _id: 'b1', subscriptionId: BOB, kind: 'provider', confirmed: false },
    ]);
  });

  it('a removed alert has no row', async () => {
    const { docs } = await rows([
      event('PriceAlertRequested', { subscriptionId: ANN, alertId: 'a1', alert: hims }),
      event('PriceAlertRemoved', { subscriptionId: ANN, alertId: 'a1' }),
    ]);
    expect(docs).toEqual([]);
  });

  it('an erased request (read after the key was destroyed) makes no row', async () => {
    const { docs } = await rows([
      event('PriceAlertRequested', { subscriptionId: ANN, alertId: 'a1', erased: true }),
      event('PriceAlertsConfirmed', { subscriptionId: ANN }),
    ]);
    expect(docs).toEqual([]);
  });

  it("SubscriptionDeleted removes that subscriber's rows and confirmation only", async () => {
    const { docs, store } = await rows([
      event('PriceAlertRequested', { subscriptionId: ANN, alertId: 'a1', alert: hims }),
      event('PriceAlertsConfirmed', { subscriptionId: ANN }),
      event('PriceAlertRequested', { subscriptionId: BOB, alertId: 'b1', alert: ohio }),
      event('SubscriptionDeleted', { subscriptionId: ANN, wasActive: true }),
    ]);
    expect(docs.map((d) => d._id)).toEqual(['b1']);
    expect(await priceAlertQueries(store).priceAlertsConfirmed(ANN)).toBe(false);
  });

  it('the matcher finds confirmed alerts by provider and medication, and by medication', async () => {
    const { store } = await rows([
      event('PriceAlertRequested', { subscriptionId: ANN, alertId: 'a1', alert: hims }),
      event('PriceAlertRequested', { subscriptionId: ANN, alertId: 'a2', alert: ohio }),
      event('PriceAlertsConfirmed', { subscriptionId: ANN }),
      event('PriceAlertRequested', { subscriptionId: BOB, alertId: 'b1', alert: hims }),
    ]);
    const queries = priceAlertQueries(store);
    expect((await queries.providerPriceAlerts('hims', 'semaglutide')).map((a) => a._id)).toEqual([
      'a1',
    ]);
    expect(await queries.providerPriceAlerts('hims', 'tirzepatide')).toEqual([]);
    expect(await queries.cheapestPriceAlerts('tirzepatide', 'TX')).toEqual([]);
    expect((await queries.cheapestPriceAlerts('tirzepatide', 'OH')).map((a) => a._id)).toEqual([
      'a2',
    ]);
    expect(await queries.priceAlertSummary()).toEqual({
      active: 2,
      awaitingConfirmation: 1,
      sentThisWeek: 0,
    });
  });
});
