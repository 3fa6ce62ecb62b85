/**
 * The provider page's cost-and-trust view, the compare table's rows and the card's all-in
 * price, as rule tables: each check reads 'checked', 'not rechecked since' (after 90 days),
 * 'demo data' or 'not checked'; unknown reads 'Unknown', never $0 or 'No'; a group never
 * entered is absent (the page says 'Not entered yet'); totals name what is unknown and where
 * prices stop; the commission label has three values.
 */
import { describe, expect, it } from 'vitest';
import { commissionWords, feeWords, yesNo } from '../../../domain/providers/fact-words';
import { emptyHistory } from '../../../domain/providers/history';
import {
  termsSchema,
  trustSchema,
  type CheckedFact,
  type Fees,
  type Offer,
  type ProviderFacts,
} from '../../../domain/providers/offers';
import { buildProviderCards } from '../../../domain/providers/provider-card';
import {
  cardAllInMonthly,
  checkView,
  feesView,
  providerCosts,
  termsView,
  trustView,
} from '../../../domain/providers/provider-costs';
import { buildProviderPage } from '../../../domain/providers/provider-page';
import { aProvider } from '../../support/provider-fixture';

const TODAY = '2026-11-26';
const source = { url: 'https://acme.example/pricing', kind: 'provider-page' as const };
const checkedOn = (day: string): CheckedFact => ({ source, checkedOn: day });

const vial: Offer = {
  id: 'tirz-vial',
  medication: 'tirzepatide',
  form: 'compounded-vial',
  prices: [
    { dose: '2.5 mg', monthly: 200 },
    { dose: '5 mg', monthly: 250 },
    { dose: '7.5 mg', monthly: 300 },
    { dose: '10 mg', monthly: 350 },
    { dose: '12.5 mg', monthly: 400 },
    { dose: '15 mg', monthly: 450 },
  ],
  intro: null,
  plans: [],
  concentrationMgPerMl: 10,
  checked: checkedOn('2026-11-01'),
};
const shortVial: Offer = {
  ...vial,
  id: 'tirz-short',
  form: 'compounded-other',
  prices: vial.prices.slice(0, 3),
  concentrationMgPerMl: null,
};
const knownFees: Fees = {
  membership: { amount: { kind: 'amount', usd: 50 }, includesMedication: false },
  oneTime: [{ name: 'consult', label: '', amount: { kind: 'amount', usd: 30 } }],
  shippingPerOrder: { kind: 'included' },
  checked: checkedOn('2026-11-01'),
};
const labsUnknown: Fees = {
  ...knownFees,
  oneTime: [...knownFees.oneTime, { name: 'labs', label: '', amount: { kind: 'unknown' } }],
};

const withFacts = (facts: Partial<ProviderFacts>) => ({
  ...aProvider({ prices: { semaglutide: {}, tirzepatide: {} } }),
  facts: { offers: null, fees: null, terms: null, trust: null, ...facts },
});

describe('how a check reads on the page (today 2026-11-26)', () => {
  it.each([
    ['checked this month', checkedOn('2026-11-01'), 'fresh', 'checked Nov 1, 2026'],
    ['checked exactly 90 days ago', checkedOn('2026-08-28'), 'fresh', 'checked Aug 28, 2026'],
    ['checked 91 days ago', checkedOn('2026-08-27'), 'stale', 'not rechecked since Aug 27, 2026'],
    [
      'demo content, whatever its date',
      { ...checkedOn('2026-11-01'), demo: true as const },
      'demo',
      'demo data',
    ],
    ['never checked', { source, checkedOn: null }, 'unchecked', 'not checked'],
  ] as const)('%s', (_case, checked, state, label) => {
    const view = checkView(checked, TODAY);
    expect(view.state).toBe(state);
    expect(view.label).toBe(label);
    expect(view.source).toEqual({ ...source, kindLabel: "provider's page" });
  });

  it.each([
    ['provider-page', "provider's page"],
    ['checkout', 'checkout'],
    ['support-answer', 'support answer'],
    ['regulator', 'regulator'],
    ['third-party', 'third party'],
  ] as const)('a source of kind %s reads "%s"', (kind, words) => {
    expect(
      checkView({ source: { url: 'https://x.example', kind }, checkedOn: null }, TODAY).source
        ?.kindLabel,
    ).toBe(words);
  });

  it('a fact without a source says it has none', () => {
    expect(checkView({ source: null, checkedOn: null }, TODAY).source).toBeNull();
  });
});

describe('words for values: unknown is never $0 or No', () => {
  it.each([
    [{ kind: 'amount', usd: 49 }, '/mo', '$49/mo'],
    [{ kind: 'amount', usd: 0 }, '/mo', '$0/mo'],
    [{ kind: 'included' }, '/mo', 'Included'],
    [{ kind: 'unknown' }, '/mo', 'Unknown'],
  ] as const)('fee %j reads %s', (amount, per, words) => {
    expect(feeWords(amount, per)).toBe(words);
  });

  it.each([
    [true, 'Yes'],
    [false, 'No'],
    [null, 'Unknown'],
  ] as const)('%s reads %s', (value, words) => {
    expect(yesNo(value)).toBe(words);
  });

  it.each([
    [true, "We earn a commission from this provider's link"],
    [false, 'No commission'],
    [null, 'Commission: unknown'],
  ] as const)('commission %s reads "%s"', (value, words) => {
    expect(commissionWords(value)).toBe(words);
  });
});

describe('the fees', () => {
  it('reads each fee, one-time fees by their names', () => {
    expect(feesView(labsUnknown, TODAY)).toMatchObject({
      membership: '$50/mo',
      membershipIncludesMedication: 'No',
      oneTime: [
        { label: 'Consult fee', amount: '$30' },
        { label: 'Labs fee', amount: 'Unknown' },
      ],
      shipping: 'Included',
    });
  });
});

describe("'Can I leave?'", () => {
  it.each([
    ['nothing known', {}, ['Unknown', 'Unknown', 'Unknown', 'Unknown', 'Unknown', 'Unknown']],
    [
      'a 3-month minimum, 30 days notice, cancel online, no refund, pause allowed, auto-renew',
      {
        minimumTermMonths: 3,
        autoRenew: true,
        cancellationNoticeDays: 30,
        onlineCancellation: true,
        refundAfterShipping: false,
        pauseAllowed: true,
      },
      ['3 months', 'Yes', '30 days', 'Yes', 'No', 'Yes'],
    ],
    [
      'no minimum term, no notice',
      { minimumTermMonths: 0, cancellationNoticeDays: 0 },
      ['None', 'Unknown', 'None', 'Unknown', 'Unknown', 'Unknown'],
    ],
    [
      'one month, one day',
      { minimumTermMonths: 1, cancellationNoticeDays: 1 },
      ['1 month', 'Unknown', '1 day', 'Unknown', 'Unknown', 'Unknown'],
    ],
  ])('%s', (_case, input, values) => {
    const view = termsView(termsSchema.parse(input), TODAY);
    expect(view.rows.map((r) => r.label)).toEqual([
      'Minimum term',
      'Renews automatically',
      'Cancellation notice',
      'Cancel online',
      'Refund after shipping',
      'Pause allowed',
    ]);
    expect(view.rows.map((r) => r.value)).toEqual(values);
    expect([view.minimumTerm, view.cancellationNotice]).toEqual([values[0], values[2]]);
  });
});

describe('care and trust', () => {
  it('given nothing but the defaults, every fact reads Unknown', () => {
    const view = trustView(trustSchema.parse({}), TODAY);
    expect(view.rows.map((r) => [r.label, r.value])).toEqual([
      ['Pharmacy', 'Unknown'],
      ['Pharmacy type', 'Unknown'],
      ['Medical director', 'Unknown'],
      ['Visit', 'Unknown'],
      ['LegitScript', 'Unknown'],
      ['HSA/FSA receipts', 'Unknown'],
      ['Insurance or prior-authorisation help', 'Unknown'],
    ]);
    expect(view.cautions).toEqual([]);
    expect(view.check.label).toBe('not checked');
  });

  it.each([
    ['503A', '503A compounding pharmacy', /prescription for one patient/],
    ['503B', '503B outsourcing facility', /FDA-registered outsourcing facility/],
    ['manufacturer', 'Manufacturer', /not compounded/],
  ] as const)('a %s pharmacy is explained in one line', (type, words, note) => {
    const row = trustView(trustSchema.parse({ pharmacyType: type }), TODAY).rows[1];
    expect(row?.value).toBe(words);
    expect(row?.note).toMatch(note);
  });

  it('links the LegitScript record and each caution that has an address', () => {
    const view = trustView(
      trustSchema.parse({
        pharmacyName: 'Belmar Pharma',
        medicalDirector: 'Dr. Ana Ruiz',
        visitType: 'async-form',
        legitScript: { status: 'certified', recordUrl: 'https://legitscript.example/acme' },
        hsaFsaReceipts: true,
        insuranceHelp: false,
        cautions: [
          { text: 'FDA warning letter, 2025', url: 'https://fda.example/letter' },
          { text: 'Reviews mention slow refunds', url: '' },
        ],
      }),
      TODAY,
    );
    expect(view.rows.find((r) => r.label === 'LegitScript')).toEqual({
      label: 'LegitScript',
      value: 'Certified',
      link: { url: 'https://legitscript.example/acme', text: 'LegitScript record' },
    });
    expect(view.rows.map((r) => r.value)).toEqual([
      'Belmar Pharma',
      'Unknown',
      'Dr. Ana Ruiz',
      'Online form, no live visit',
      'Certified',
      'Yes',
      'No',
    ]);
    expect(view.cautions).toEqual([
      { text: 'FDA warning letter, 2025', url: 'https://fda.example/letter' },
      { text: 'Reviews mention slow refunds', url: null },
    ]);
  });
});

describe('the all-in totals per offer', () => {
  it('given no facts and no prices, nothing is shown as a fact', () => {
    const costs = providerCosts(aProvider(), TODAY);
    expect(costs).toEqual({
      offers: [],
      fees: null,
      terms: null,
      trust: null,
      commission: null,
      commissionLabel: 'Commission: unknown',
      cheapestTotals: [],
    });
  });

  it('given only the old price tables, the offers are their upcast and every total is unknown (no fees entered)', () => {
    const costs = providerCosts(
      aProvider({
        prices: { semaglutide: { '0.25mg': 199 }, tirzepatide: {} },
        pricesCheckedAt: '2026-10-01T08:00:00.000Z',
      }),
      TODAY,
    );
    expect(costs.offers).toHaveLength(1);
    const [offer] = costs.offers;
    expect(offer?.title).toBe('Semaglutide, compounded, other form');
    expect(offer?.check.label).toBe('checked Oct 1, 2026');
    expect(offer?.totals.map((t) => t.total)).toEqual([null, null, null]);
    expect(offer?.totals[0]?.unknownItems).toEqual([
      'Medication',
      'Membership fee',
      'One-time fees',
      'Shipping fee',
    ]);
    expect(costs.fees).toBeNull();
  });

  it.each([
    // 3 months = 4 fills: 200 + 250 + 300 + 350 = 1,100; membership 3 x 50; consult 30.
    [3, 1280],
    // 6 months = 7 fills: 200..450 (1,950) + 450; membership 300; consult 30.
    [6, 2730],
    // 12 months = 13 fills: 1,950 + 7 x 450; membership 600; consult 30.
    [12, 5730],
  ])('a fully known offer over %i months costs $%i all in', (months, total) => {
    const costs = providerCosts(withFacts({ offers: [vial], fees: knownFees }), TODAY);
    const view = costs.offers[0]?.totals.find((t) => t.months === months);
    expect(view?.total).toBe(total);
    expect(view?.unknownItems).toEqual([]);
    expect(view?.items.map((i) => [i.label, i.amount])).toEqual([
      ['Medication', expect.stringMatching(/^\$/)],
      ['Membership fee', `$${(50 * months).toLocaleString('en-US')}`],
      ['Consult fee', '$30'],
      ['Shipping fee', 'Included'],
    ]);
  });

  it('an unknown fee keeps the total unknown and is named; the known part is kept', () => {
    const [offer] = providerCosts(withFacts({ offers: [vial], fees: labsUnknown }), TODAY).offers;
    const three = offer?.totals[0];
    expect(three).toMatchObject({ total: null, knownTotal: 1280, unknownItems: ['Labs fee'] });
    expect(three?.items.find((i) => i.label === 'Labs fee')?.amount).toBe('Unknown');
  });

  it('prices that stop before the path ends say where', () => {
    const [offer] = providerCosts(
      withFacts({ offers: [shortVial], fees: knownFees }),
      TODAY,
    ).offers;
    expect(offer?.totals.map((t) => [t.months, t.total, t.stopsAt])).toEqual([
      [3, null, '10 mg'],
      [6, null, '10 mg'],
      [12, null, '10 mg'],
    ]);
  });

  it('lists the offer as entered: doses ascending, concentration, form in words', () => {
    const [offer] = providerCosts(
      withFacts({ offers: [{ ...vial, prices: [...vial.prices].reverse() }], fees: null }),
      TODAY,
    ).offers;
    expect(offer?.prices.map((p) => p.dose)).toEqual([
      '2.5 mg',
      '5 mg',
      '7.5 mg',
      '10 mg',
      '12.5 mg',
      '15 mg',
    ]);
    expect(offer?.concentration).toBe('10 mg/ml');
    expect(offer?.form).toBe('compounded vial');
  });
});

describe("the compare table's rows: the cheapest offer of each medication", () => {
  it.each([
    ['one fully known offer', [vial], knownFees, [3, '$1,280 (compounded vial)']],
    [
      'the cheaper of two known offers',
      [
        vial,
        {
          ...vial,
          id: 'pen',
          form: 'brand-pen' as const,
          prices: vial.prices.map((p) => ({ ...p, monthly: p.monthly * 2 })),
          concentrationMgPerMl: null,
        },
      ],
      knownFees,
      [3, '$1,280 (compounded vial)'],
    ],
    ['an unknown fee', [vial], labsUnknown, [3, 'Unknown (includes unknown fees: Labs fee)']],
    [
      'no fees entered',
      [vial],
      null,
      [3, 'Unknown (includes unknown fees: Membership fee, One-time fees, Shipping fee)'],
    ],
    ['prices that stop early', [shortVial], knownFees, [3, 'Unknown (no price for 10 mg)']],
  ] as const)('%s', (_case, offers, fees, [months, text]) => {
    const costs = providerCosts(withFacts({ offers: [...offers], fees }), TODAY);
    const row = costs.cheapestTotals.find(
      (c) => c.medication === 'tirzepatide' && c.months === months,
    );
    expect(row?.text).toBe(text);
    expect(costs.cheapestTotals.map((c) => c.months)).toEqual([3, 6, 12]);
  });
});

describe("the card's 'from $X/mo all-in'", () => {
  it.each([
    ['no fees entered: nothing', [vial], null, null],
    ['known fees: the top dose, membership and shipping', [vial], knownFees, 500],
    [
      'shipping unknown: nothing',
      [vial],
      { ...knownFees, shippingPerOrder: { kind: 'unknown' as const } },
      null,
    ],
    [
      'per order shipping is one month of it',
      [vial],
      { ...knownFees, shippingPerOrder: { kind: 'amount' as const, usd: 12.5 } },
      512.5,
    ],
    ['an offer without its top dose: nothing', [shortVial], knownFees, null],
  ] as const)('%s', (_case, offers, fees, monthly) => {
    const record = withFacts({ offers: [...offers], fees });
    expect(cardAllInMonthly(record)?.monthly ?? null).toBe(monthly);
  });

  it('the cards carry it and the commission label, which never moves the order', () => {
    const paid = {
      ...withFacts({
        offers: [vial],
        fees: knownFees,
        trust: trustSchema.parse({ commission: true }),
      }),
      id: 'paid',
      name: 'Paid Health',
      card: { ...aProvider().card, detailedRating: 3 },
    };
    const unpaid = {
      ...withFacts({ trust: trustSchema.parse({ commission: false }) }),
      id: 'unpaid',
      name: 'Unpaid Health',
      card: { ...aProvider().card, detailedRating: 4 },
    };
    const cards = buildProviderCards([
      paid,
      unpaid,
      { ...aProvider({ id: 'bare', name: 'Bare' }) },
    ]);
    expect(cards.map((c) => [c.name, c.commission, c.allInMonthly?.monthly ?? null])).toEqual([
      ['Unpaid Health', false, null],
      ['Paid Health', true, 500],
      ['Bare', null, null],
    ]);
    expect(cards[1]?.allInMonthly).toEqual({
      monthly: 500,
      medication: 'tirzepatide',
      dose: '15 mg',
    });
  });
});

describe('the provider page carries the view', () => {
  it('on the day it is built: a fact checked 100 days before reads not rechecked', () => {
    const page = buildProviderPage({
      record: withFacts({
        terms: termsSchema.parse({ minimumTermMonths: 3, checked: checkedOn('2026-08-18') }),
      }),
      published: null,
      publishedMonth: null,
      history: emptyHistory(),
      today: TODAY,
    });
    expect(page.costs.terms?.check.label).toBe('not rechecked since Aug 18, 2026');
    expect(page.costs.fees).toBeNull();
    expect(page.costs.commissionLabel).toBe('Commission: unknown');
  });
});
