/**
 * The provider projector and the cost-and-trust facts: given the new events, the record holds
 * the facts and the per-dose tables the lists read; given only the old events, the offers read
 * from the record are the upcast of its price tables.
 */
import { describe, expect, it } from 'vitest';
import { providerStreamId } from '../../../domain/providers/events';
import { type Fees, type Offer } from '../../../domain/providers/offers';
import { effectiveOffers, offersFromPriceTables } from '../../../domain/providers/offer-tables';
import { providerPricesSchema } from '../../../domain/providers/provider';
import {
  pricedCollection,
  providersProjector,
  type ProviderDoc,
} from '../../../projections/providers';
import type { ProjectedEvent } from '../../../projections/event-source';
import { history, providerListed } from '../../support/events';
import { project } from '../../support/projections';

const stream = providerStreamId('p1');
const source = { url: 'https://acme.example/pricing', kind: 'provider-page' as const };

const vial: Offer = {
  id: 'tirz-vial',
  medication: 'tirzepatide',
  form: 'compounded-vial',
  prices: [
    { dose: '2.5 mg', monthly: 249 },
    { dose: '5 mg', monthly: 299 },
  ],
  intro: { monthly: 149, months: 1 },
  plans: [{ months: 3, total: 699 }],
  concentrationMgPerMl: 10,
  checked: { source, checkedOn: '2026-11-01' },
};
const pen: Offer = {
  ...vial,
  id: 'tirz-pen',
  form: 'brand-vial',
  prices: [
    { dose: '2.5mg', monthly: 349 },
    { dose: '7.5 mg', monthly: 499 },
  ],
  intro: null,
  plans: [],
};
const fees: Fees = {
  membership: { amount: { kind: 'amount', usd: 49 }, includesMedication: false },
  oneTime: [{ name: 'labs', label: '', amount: { kind: 'unknown' } }],
  shippingPerOrder: { kind: 'included' },
  checked: { source, checkedOn: '2026-10-01' },
};

async function record(events: ProjectedEvent[]): Promise<ProviderDoc> {
  const store = await project(providersProjector, events);
  const [doc] = await pricedCollection(store.collection<ProviderDoc>('providers')).find({});
  if (!doc) throw new Error('no provider record');
  return doc;
}

describe('cost-and-trust facts in the provider record', () => {
  it('given offers, the record keeps them and lists each dose at its lowest monthly price', async () => {
    const h = providerListed(history(), 'p1').add(
      stream,
      'ProviderOffersChanged',
      { providerId: 'p1', offers: [vial, pen] },
      { occurredAt: '2026-11-02T09:00:00.000Z' },
    );
    const doc = await record(h.events);
    expect(doc.facts?.offers).toEqual([vial, pen]);
    expect(doc.prices).toEqual({
      semaglutide: {},
      tirzepatide: { '2.5 mg': 249, '5 mg': 299, '7.5 mg': 499 },
    });
    expect(doc.pricesCheckedAt).toBe('2026-11-02T09:00:00.000Z');
    expect(doc.updatedAt).toBe('2026-11-02T09:00:00.000Z');
  });

  it('given fees, terms and trust facts, each group is replaced as a whole; the others stay', async () => {
    const h = providerListed(history(), 'p1')
      .add(stream, 'ProviderOffersChanged', { providerId: 'p1', offers: [vial] })
      .add(stream, 'ProviderFeesChanged', { providerId: 'p1', fees });
    const doc = await record(h.events);
    expect(doc.facts).toEqual({ offers: [vial], fees, terms: null, trust: null });
  });

  it('a check moves every date of the group (and its source when given), not updatedAt', async () => {
    const h = providerListed(history(), 'p1')
      .add(
        stream,
        'ProviderFeesChanged',
        { providerId: 'p1', fees },
        { occurredAt: '2026-10-01T08:00:00.000Z' },
      )
      .add(
        stream,
        'ProviderFactsChecked',
        { providerId: 'p1', group: 'fees', checkedOn: '2026-11-20', source: null },
        { occurredAt: '2026-11-20T08:00:00.000Z' },
      );
    const doc = await record(h.events);
    expect(doc.facts?.fees?.checked).toEqual({ source, checkedOn: '2026-11-20' });
    expect(doc.updatedAt).toBe('2026-10-01T08:00:00.000Z');
  });

  it('a removed and restored provider keeps its facts', async () => {
    const h = providerListed(history(), 'p1')
      .add(stream, 'ProviderFeesChanged', { providerId: 'p1', fees })
      .add(stream, 'ProviderRemoved', {
        providerId: 'p1',
        name: 'Acme Health',
        removedAt: '2026-11-03T00:00:00.000Z',
      });
    const listed = (await record(providerListed(history(), 'p1').events)) as ProviderDoc;
    h.add(stream, 'ProviderRestored', {
      providerId: 'p1',
      details: { ...listed, featured: false },
      prices: listed.prices,
    });
    const doc = await record(h.events);
    expect(doc.facts?.fees).toEqual(fees);
  });

  it('given only the old events, the offers read are the upcast of the price tables', async () => {
    const prices = providerPricesSchema.parse({
      semaglutide: { '0.25mg': 199, '0.5mg': 249 },
      tirzepatide: { '2.5mg': 299 },
    });
    const h = providerListed(history(), 'p1', {}, { prices });
    const doc = await record(h.events);
    expect(doc.facts).toBeUndefined();
    expect(effectiveOffers(doc)).toEqual(
      offersFromPriceTables(prices, doc.pricesCheckedAt ?? null, 'https://acme.example'),
    );
    expect(effectiveOffers(doc).flatMap((o) => o.prices)).toEqual([
      { dose: '0.25mg', monthly: 199 },
      { dose: '0.5mg', monthly: 249 },
      { dose: '2.5mg', monthly: 299 },
    ]);
  });
});

describe("'Prices checked' and the offers' checks", () => {
  it('demo offers carry no prices-checked date (never the seeding day)', async () => {
    const demo = { ...vial, checked: { source, checkedOn: null, demo: true as const } };
    const h = providerListed(history(), 'p1').add(stream, 'ProviderOffersChanged', {
      providerId: 'p1',
      offers: [demo],
    });
    expect((await record(h.events)).pricesCheckedAt).toBeNull();
  });

  it('checking the offers again is checking the prices', async () => {
    const h = providerListed(history(), 'p1')
      .add(stream, 'ProviderOffersChanged', { providerId: 'p1', offers: [vial] })
      .add(
        stream,
        'ProviderFactsChecked',
        { providerId: 'p1', group: 'offers', checkedOn: '2026-11-25', source: null },
        { occurredAt: '2026-11-25T10:00:00.000Z' },
      );
    expect((await record(h.events)).pricesCheckedAt).toBe('2026-11-25T10:00:00.000Z');
  });
});
