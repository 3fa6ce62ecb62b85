/**
 * 'provider_changes', the public change log: given a provider's events (old ProviderPricesChanged
 * ones included), its log lists the listing and every price, offer, fee, term and trust change
 * and every check, dated, newest first, never who made them; the first offers read against
 * the price tables they replace; an event applied twice adds no second entry; a rebuild gives the same log; removal keeps it for a restore.
 */
import { describe, expect, it } from 'vitest';
import { changeLineText } from '../../../domain/providers/change-log';
import { providerStreamId } from '../../../domain/providers/events';
import { feesSchema, termsSchema, trustSchema, type Offer } from '../../../domain/providers/offers';
import { providerChangesProjector, providerChangesQueries } from '../../../projections/providers';
import { MemoryReadStore } from '../../../projections/read-store/memory';
import { history, providerDetails, providerListed } from '../../support/events';
import { project } from '../../support/projections';

const p1 = providerStreamId('p1');
const day = (d: string) => ({ occurredAt: `2026-${d}T09:00:00.000Z` });
const tables = (tirzepatide: Record<string, number>) => ({ semaglutide: {}, tirzepatide });

/** A provider listed in March with one price, then the changes an editor made since. */
function aProvidersLife() {
  const h = providerListed(
    history(),
    'p1',
    { name: 'Acme' },
    {
      prices: tables({ '5mg': 299 }),
      occurredAt: '2026-03-01T09:00:00.000Z',
    },
  );
  h.add(
    p1,
    'ProviderPricesChanged',
    { providerId: 'p1', prices: tables({ '5mg': 329 }) },
    day('04-01'),
  );
  h.add(
    p1,
    'ProviderPricesVerified',
    { providerId: 'p1', verifiedAt: '2026-05-01T09:00:00.000Z' },
    day('05-01'),
  );
  h.add(
    p1,
    'ProviderTermsChanged',
    { providerId: 'p1', terms: termsSchema.parse({ minimumTermMonths: 3 }) },
    day('06-01'),
  );
  h.add(
    p1,
    'ProviderFeesChanged',
    {
      providerId: 'p1',
      fees: feesSchema.parse({ membership: { amount: { kind: 'amount', usd: 49 } } }),
    },
    day('07-01'),
  );
  h.add(
    p1,
    'ProviderTrustFactsChanged',
    { providerId: 'p1', trust: trustSchema.parse({ pharmacyName: 'Belmar' }) },
    day('08-01'),
  );
  h.add(
    p1,
    'ProviderFactsChecked',
    { providerId: 'p1', group: 'fees', checkedOn: '2026-09-01', source: null },
    day('09-01'),
  );
  // Details edits and score recomputations are not in the log.
  h.add(
    p1,
    'ProviderDetailsChanged',
    { providerId: 'p1', changes: { description: 'New' }, changedFields: ['description'] },
    day('10-01'),
  );
  return h;
}

async function log(events: Parameters<typeof project>[1], page = 1, pageSize = 50) {
  const store = await project(providerChangesProjector, events);
  return providerChangesQueries(store).providerChanges('p1', page, pageSize);
}

describe('the change log', () => {
  it("given a provider's life, lists each change newest first, in plain words, dated", async () => {
    const { entries, total } = await log(aProvidersLife().events);
    expect(total).toBe(7);
    expect(
      entries.map((e) => [e.date.slice(0, 10), e.summary, e.changes.map(changeLineText)]),
    ).toEqual([
      ['2026-09-01', 'Fees checked', []],
      ['2026-08-01', 'Care and trust facts entered', ['Pharmacy: Unknown → Belmar']],
      ['2026-07-01', 'Fees entered', ['Membership fee: Unknown → $49/mo']],
      ['2026-06-01', 'Exit terms entered', ['Minimum term: Unknown → 3 months']],
      ['2026-05-01', 'Prices checked', []],
      ['2026-04-01', 'Prices changed', ['Tirzepatide 5 mg: $299/mo → $329/mo']],
      ['2026-03-01', 'Listed on the site', ['Tirzepatide 5 mg: $299/mo']],
    ]);
  });

  it('never says who made a change', async () => {
    const { entries } = await log(aProvidersLife().events);
    const text = JSON.stringify(entries);
    expect(text).not.toContain('ops@example.com');
    expect(text).not.toContain('a-1');
    for (const entry of entries) {
      expect(Object.keys(entry).sort()).toEqual(['changes', 'date', 'kind', 'summary']);
    }
  });

  it('pages long logs, newest first', async () => {
    const events = aProvidersLife().events;
    const first = await log(events, 1, 3);
    const third = await log(events, 3, 3);
    expect(first.entries.map((e) => e.date.slice(0, 10))).toEqual([
      '2026-09-01',
      '2026-08-01',
      '2026-07-01',
    ]);
    expect(third.entries.map((e) => e.summary)).toEqual(['Listed on the site']);
    expect(third.total).toBe(7);
  });

  it('an event applied twice (a replay after a crash) adds no second entry', async () => {
    const events = aProvidersLife().events;
    const store = await project(providerChangesProjector, [...events, ...events.slice(2, 4)]);
    const { total } = await providerChangesQueries(store).providerChanges('p1');
    expect(total).toBe(7);
  });

  it('a rebuild from scratch, flushed every few events, gives the same log as the live runner', async () => {
    const events = aProvidersLife().events;
    const live = await log(events);
    const store = new MemoryReadStore();
    const ctx = { collection: store.collection.bind(store), fromScratch: true };
    // Flushed every third event: a provider's base written by an earlier flush is read back.
    for (const [i, event] of events.entries()) {
      await providerChangesProjector.handle(event, ctx);
      if (i % 3 === 2) await providerChangesProjector.flush?.(ctx);
    }
    await providerChangesProjector.flush?.(ctx);
    expect(await providerChangesQueries(store).providerChanges('p1')).toEqual(live);
  });

  it('a removed and restored provider keeps its log, and the restore opens a new entry', async () => {
    const h = aProvidersLife();
    h.add(
      p1,
      'ProviderRemoved',
      { providerId: 'p1', name: 'Acme', removedAt: '2026-10-02T09:00:00.000Z' },
      day('10-02'),
    );
    h.add(
      p1,
      'ProviderRestored',
      {
        providerId: 'p1',
        details: providerDetails({ name: 'Acme', featured: false }),
        prices: tables({ '5mg': 329 }),
      },
      day('10-03'),
    );
    h.add(
      p1,
      'ProviderPricesChanged',
      { providerId: 'p1', prices: tables({ '5mg': 349 }) },
      day('10-04'),
    );
    const { entries, total } = await log(h.events);
    expect(total).toBe(9);
    expect(entries.slice(0, 2).map((e) => [e.summary, e.changes.map(changeLineText)])).toEqual([
      ['Prices changed', ['Tirzepatide 5 mg: $329/mo → $349/mo']],
      ['Listed again', []],
    ]);
  });

  it('the first offers saved read against the price tables they replace: the form and what changed, not every standing price as new', async () => {
    const h = providerListed(
      history(),
      'p1',
      { name: 'Acme' },
      {
        prices: { semaglutide: { '0.5mg': 289, '1mg': 329 }, tirzepatide: {} },
        occurredAt: '2026-03-01T09:00:00.000Z',
      },
    );
    const vial: Offer = {
      id: 'sema-vial',
      medication: 'semaglutide',
      form: 'compounded-vial',
      prices: [
        { dose: '0.5mg', monthly: 289 },
        { dose: '1mg', monthly: 349 },
      ],
      intro: null,
      plans: [],
      concentrationMgPerMl: 5,
      checked: { source: null, checkedOn: null },
    };
    h.add(p1, 'ProviderOffersChanged', { providerId: 'p1', offers: [vial] }, day('04-01'));
    const { entries } = await log(h.events);
    expect(entries[0]?.summary).toBe('Prices and offers changed');
    expect(entries[0]?.changes.map(changeLineText)).toEqual([
      'Semaglutide form: compounded, other form → compounded vial',
      'Semaglutide, compounded vial 1 mg: $329/mo → $349/mo',
      'Semaglutide, compounded vial concentration: Unknown → 5 mg/ml',
    ]);
  });

  it('a provider with no events has an empty log', async () => {
    const store = await project(providerChangesProjector, []);
    expect(await providerChangesQueries(store).providerChanges('nobody')).toEqual({
      entries: [],
      total: 0,
    });
  });
});
