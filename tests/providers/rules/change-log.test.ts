/**
 * The public change log's wording, as rule tables: each event against what the provider stood
 * on before it gives one dated entry, its summary in plain words and each changed value before
 * and after ('Tirzepatide 5 mg: $299/mo → $329/mo', 'Minimum term: Unknown → 3 months').
 */
import { describe, expect, it } from 'vitest';
import {
  applyChange,
  changeLineText,
  EMPTY_CHANGE_BASE,
  feeChanges,
  offerChanges,
  priceTableChanges,
  termChanges,
  trustChanges,
  type ChangeBase,
} from '../../../domain/providers/change-log';
import { feesSchema, termsSchema, trustSchema, type Offer } from '../../../domain/providers/offers';

const AT = '2026-11-20T10:00:00.000Z';
const texts = (lines: Parameters<typeof changeLineText>[0][]) => lines.map(changeLineText);

const vial: Offer = {
  id: 'tirz-vial',
  medication: 'tirzepatide',
  form: 'compounded-vial',
  prices: [
    { dose: '2.5 mg', monthly: 249 },
    { dose: '5 mg', monthly: 299 },
  ],
  intro: null,
  plans: [],
  concentrationMgPerMl: null,
  checked: { source: null, checkedOn: '2026-11-01' },
};

describe('the old price tables (ProviderPricesChanged)', () => {
  it.each([
    [
      'a price raised',
      { tirzepatide: { '5mg': 299 } },
      { tirzepatide: { '5mg': 329 } },
      ['Tirzepatide 5 mg: $299/mo → $329/mo'],
    ],
    [
      'a dose added and one dropped, doses ascending',
      { semaglutide: { '0.5mg': 249 } },
      { semaglutide: { '0.25mg': 199 } },
      ['Semaglutide 0.25 mg: none → $199/mo', 'Semaglutide 0.5 mg: $249/mo → none'],
    ],
    [
      'the same dose under another label is the same dose',
      { tirzepatide: { '5mg': 299 } },
      { tirzepatide: { '5 mg': 299 } },
      [],
    ],
  ])('%s', (_case, before, after, lines) => {
    const tables = (t: Record<string, Record<string, number>>) => ({
      semaglutide: t.semaglutide ?? {},
      tirzepatide: t.tirzepatide ?? {},
    });
    expect(texts(priceTableChanges(tables(before), tables(after)))).toEqual(lines);
  });
});

describe('offers (ProviderOffersChanged)', () => {
  it.each([
    [
      'a price raised',
      [vial],
      [{ ...vial, prices: [vial.prices[0]!, { dose: '5 mg', monthly: 329 }] }],
      ['Tirzepatide, compounded vial 5 mg: $299/mo → $329/mo'],
    ],
    [
      'an introductory price and a plan added',
      [vial],
      [{ ...vial, intro: { monthly: 149, months: 1 }, plans: [{ months: 3, total: 699 }] }],
      [
        'Tirzepatide, compounded vial introductory price: none → $149/mo for 1 month',
        'Tirzepatide, compounded vial 3-month plan: none → $699',
      ],
    ],
    [
      'a new offer',
      [],
      [vial],
      [
        'Tirzepatide, compounded vial: not offered → offered',
        'Tirzepatide, compounded vial 2.5 mg: none → $249/mo',
        'Tirzepatide, compounded vial 5 mg: none → $299/mo',
      ],
    ],
    [
      'an offer withdrawn',
      [vial],
      [],
      ['Tirzepatide, compounded vial: offered → no longer offered'],
    ],
    [
      'a concentration entered',
      [vial],
      [{ ...vial, concentrationMgPerMl: 10 }],
      ['Tirzepatide, compounded vial concentration: Unknown → 10 mg/ml'],
    ],
    ['saved again unchanged', [vial], [vial], []],
  ] as [string, Offer[], Offer[], string[]][])('%s', (_case, before, after, lines) => {
    expect(texts(offerChanges(before, after))).toEqual(lines);
  });
});

describe('fees, terms and trust: unknown before the first entry', () => {
  it('fees entered the first time', () => {
    const fees = feesSchema.parse({
      membership: { amount: { kind: 'amount', usd: 49 }, includesMedication: false },
      oneTime: [{ name: 'labs', amount: { kind: 'amount', usd: 75 } }],
      shippingPerOrder: { kind: 'included' },
    });
    expect(texts(feeChanges(null, fees))).toEqual([
      'Membership fee: Unknown → $49/mo',
      'Membership includes medication: Unknown → No',
      'Labs fee: none → $75',
      'Shipping: Unknown → Included',
    ]);
  });

  it.each([
    [
      'a minimum term entered',
      null,
      { minimumTermMonths: 3 },
      ['Minimum term: Unknown → 3 months'],
    ],
    [
      'notice shortened, online cancellation added',
      { cancellationNoticeDays: 30 },
      { cancellationNoticeDays: 3, onlineCancellation: true },
      ['Cancellation notice: 30 days → 3 days', 'Cancel online: Unknown → Yes'],
    ],
  ])('%s', (_case, before, after, lines) => {
    expect(
      texts(
        termChanges(before === null ? null : termsSchema.parse(before), termsSchema.parse(after)),
      ),
    ).toEqual(lines);
  });

  it('trust facts: each changed fact, cautions added and removed, the commission', () => {
    const before = trustSchema.parse({
      pharmacyType: '503A',
      cautions: [{ text: 'Old caution' }],
    });
    const after = trustSchema.parse({
      pharmacyType: '503B',
      legitScript: { status: 'certified' },
      commission: true,
      cautions: [{ text: 'FDA warning letter, 2025', url: 'https://fda.example/l' }],
    });
    expect(texts(trustChanges(before, after))).toEqual([
      'Pharmacy type: 503A compounding pharmacy → 503B outsourcing facility',
      'LegitScript: Unknown → Certified',
      'Commission: Unknown → Yes',
      'Caution: none → FDA warning letter, 2025',
      'Caution: Old caution → removed',
    ]);
  });
});

describe('the entry each event makes', () => {
  const listedBase: ChangeBase = {
    ...EMPTY_CHANGE_BASE,
    prices: { semaglutide: {}, tirzepatide: { '5mg': 299 } },
  };

  it.each([
    [
      'listed with prices',
      EMPTY_CHANGE_BASE,
      { type: 'ProviderListed', prices: { semaglutide: {}, tirzepatide: { '5mg': 299 } } },
      { kind: 'listed', summary: 'Listed on the site', lines: ['Tirzepatide 5 mg: $299/mo'] },
    ],
    [
      'an old price change',
      listedBase,
      { type: 'ProviderPricesChanged', prices: { semaglutide: {}, tirzepatide: { '5mg': 329 } } },
      { kind: 'prices', summary: 'Prices changed', lines: ['Tirzepatide 5 mg: $299/mo → $329/mo'] },
    ],
    [
      'the first offers, against the price tables they replace: the form, and the new dose (5 mg stood at $299)',
      listedBase,
      { type: 'ProviderOffersChanged', offers: [vial] },
      {
        kind: 'offers',
        summary: 'Prices and offers changed',
        lines: [
          'Tirzepatide form: compounded, other form → compounded vial',
          'Tirzepatide, compounded vial 2.5 mg: none → $249/mo',
        ],
      },
    ],
    [
      'terms saved again unchanged',
      { ...listedBase, terms: termsSchema.parse({ minimumTermMonths: 3 }) },
      { type: 'ProviderTermsChanged', terms: termsSchema.parse({ minimumTermMonths: 3 }) },
      { kind: 'terms', summary: 'Exit terms saved again: no change', lines: [] },
    ],
    [
      'a check with a new source',
      listedBase,
      { type: 'ProviderFactsChecked', group: 'fees', source: { kind: 'checkout' } },
      { kind: 'checked', summary: 'Fees checked (source: checkout)', lines: [] },
    ],
    [
      'a check of the prices',
      listedBase,
      { type: 'ProviderPricesVerified' },
      { kind: 'checked', summary: 'Prices checked', lines: [] },
    ],
    [
      'back from the trash',
      listedBase,
      { type: 'ProviderRestored', prices: listedBase.prices },
      { kind: 'restored', summary: 'Listed again', lines: [] },
    ],
  ] as const)('%s', (_case, base, event, expected) => {
    const { entry } = applyChange(base, event as Parameters<typeof applyChange>[1], AT);
    expect(entry.date).toBe(AT);
    expect(entry.kind).toBe(expected.kind);
    expect(entry.summary).toBe(expected.summary);
    expect(texts(entry.changes)).toEqual(expected.lines);
    // Who changed it is not part of an entry.
    expect(Object.keys(entry).sort()).toEqual(['changes', 'date', 'kind', 'summary']);
  });

  it('the next event is diffed against what the last one left', () => {
    const first = applyChange(
      EMPTY_CHANGE_BASE,
      {
        type: 'ProviderFeesChanged',
        fees: feesSchema.parse({ shippingPerOrder: { kind: 'amount', usd: 10 } }),
      },
      AT,
    );
    expect(first.entry.summary).toBe('Fees entered');
    const second = applyChange(
      first.base,
      {
        type: 'ProviderFeesChanged',
        fees: feesSchema.parse({ shippingPerOrder: { kind: 'amount', usd: 12 } }),
      },
      AT,
    );
    expect(second.entry.summary).toBe('Fees changed');
    expect(texts(second.entry.changes)).toEqual(['Shipping: $10 per order → $12 per order']);
  });
});
