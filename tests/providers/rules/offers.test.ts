/**
 * The cost-and-trust record's schemas (domain/providers/offers.ts): each refusal with a
 * message naming the field, the lenient stored shapes, and the upcast of the old price tables.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  checkedFactSchema,
  feesSchema,
  offerSchema,
  offersSchema,
  sourceSchema,
  storedOffersSchema,
  storedTrustSchema,
  termsSchema,
  trustSchema,
  type OfferInput,
} from '../../../domain/providers/offers';
import { offersFromPriceTables } from '../../../domain/providers/offer-tables';
import { providerPricesSchema } from '../../../domain/providers/provider';

/** The first issue's message and path, or null when the value parses. */
function refusal(schema: z.ZodType, value: unknown): { message: string; path: string } | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return { message: issue?.message ?? '', path: (issue?.path ?? []).join('.') };
}

const offer = (input: Partial<OfferInput> = {}): OfferInput => ({
  id: 'tirz-vial',
  medication: 'tirzepatide',
  form: 'compounded-vial',
  prices: [
    { dose: '2.5 mg', monthly: 279 },
    { dose: '5 mg', monthly: 329 },
  ],
  ...input,
});

describe('source', () => {
  it.each([
    ['ftp://files.example/prices'],
    ['javascript:alert(1)'],
    ['data:text/html,hi'],
    ['acme.example/pricing'],
    [''],
  ])('refuses %j as an address', (url) => {
    expect(refusal(sourceSchema, { url, kind: 'provider-page' })).toEqual({
      message: 'Source address must start with http:// or https://',
      path: 'url',
    });
  });

  it.each([['http://acme.example/pricing'], ['https://www.fda.gov/warning-letters/x']])(
    'accepts %s',
    (url) => {
      expect(refusal(sourceSchema, { url, kind: 'regulator' })).toBeNull();
    },
  );

  it('refuses an unknown kind, naming it', () => {
    expect(refusal(sourceSchema, { url: 'https://a.example', kind: 'rumour' })?.message).toBe(
      'Source kind must be one of: provider-page, checkout, support-answer, regulator, third-party',
    );
  });

  it.each([['2025-02-30'], ['2025-2-3'], ['14/03/2025'], ['yesterday']])(
    'refuses the checked date %j',
    (checkedOn) => {
      expect(refusal(checkedFactSchema, { source: null, checkedOn })).toEqual({
        message: 'Checked date must be a date (YYYY-MM-DD)',
        path: 'checkedOn',
      });
    },
  );

  it('defaults to unchecked, without a source', () => {
    expect(checkedFactSchema.parse(undefined)).toEqual({ source: null, checkedOn: null });
  });
});

describe('offer', () => {
  it('fills in what was left out: no intro, no plans, no concentration, unchecked', () => {
    expect(offerSchema.parse(offer())).toEqual({
      ...offer(),
      intro: null,
      plans: [],
      concentrationMgPerMl: null,
      checked: { source: null, checkedOn: null },
    });
  });

  it.each<[string, Partial<OfferInput>, string, string]>([
    [
      'a dose label twice (spelt differently)',
      {
        prices: [
          { dose: '2.5 mg', monthly: 279 },
          { dose: '2.5mg', monthly: 299 },
        ],
      },
      'prices.1.dose',
      'Dose 2.5 mg is listed twice',
    ],
    [
      'a dose with no mg number',
      { prices: [{ dose: 'starter', monthly: 279 }] },
      'prices.0.dose',
      'Dose must start with a number of mg, like 2.5 mg',
    ],
    [
      'a dose on two lines',
      { prices: [{ dose: '2.5\nmg', monthly: 279 }] },
      'prices.0.dose',
      'Dose must be a single line',
    ],
    [
      'a negative monthly price',
      { prices: [{ dose: '2.5 mg', monthly: -1 }] },
      'prices.0.monthly',
      'Monthly price must be 0 or more',
    ],
    [
      'a price that is text',
      { prices: [{ dose: '2.5 mg', monthly: '279' as unknown as number }] },
      'prices.0.monthly',
      'Monthly price must be a number',
    ],
    [
      'a plan of 0 months',
      { plans: [{ months: 0, total: 900 }] },
      'plans.0.months',
      'Plan months must be at least 1',
    ],
    [
      'a plan of 25 months',
      { plans: [{ months: 25, total: 900 }] },
      'plans.0.months',
      'Plan months must be at most 24',
    ],
    [
      'a plan of 2.5 months',
      { plans: [{ months: 2.5, total: 900 }] },
      'plans.0.months',
      'Plan months must be a whole number of months',
    ],
    [
      'a negative plan total',
      { plans: [{ months: 3, total: -5 }] },
      'plans.0.total',
      'Plan total must be 0 or more',
    ],
    [
      'two plans of the same months',
      {
        plans: [
          { months: 3, total: 900 },
          { months: 3, total: 850 },
        ],
      },
      'plans.1.months',
      'Plan of 3 months is listed twice',
    ],
    [
      'an introductory price of 0 months',
      { intro: { monthly: 99, months: 0 } },
      'intro.months',
      'Introductory months must be at least 1',
    ],
    [
      'a negative introductory price',
      { intro: { monthly: -99, months: 1 } },
      'intro.monthly',
      'Introductory price must be 0 or more',
    ],
    [
      'a concentration of 0',
      { concentrationMgPerMl: 0 },
      'concentrationMgPerMl',
      'Concentration must be more than 0',
    ],
    [
      'a concentration on a pen',
      { form: 'brand-pen', concentrationMgPerMl: 2.5 },
      'concentrationMgPerMl',
      'Concentration is only for vials, not for pens or oral forms',
    ],
    [
      'a concentration on an oral form',
      { medication: 'semaglutide', form: 'oral', concentrationMgPerMl: 1 },
      'concentrationMgPerMl',
      'Concentration is only for vials, not for pens or oral forms',
    ],
    [
      'an id that is not slug-like',
      { id: 'Tirz Vial' },
      'id',
      'Offer id must be 1 to 40 lowercase letters, digits or dashes',
    ],
    [
      'an unknown form',
      { form: 'patch' as OfferInput['form'] },
      'form',
      'Form must be one of: compounded-vial, compounded-other, brand-pen, brand-vial, oral',
    ],
    [
      'an unknown medication',
      { medication: 'liraglutide' as OfferInput['medication'] },
      'medication',
      'Medication must be one of: semaglutide, tirzepatide',
    ],
    [
      'a source that is not http(s)',
      { checked: { source: { url: 'mailto:sales@acme.example', kind: 'support-answer' } } },
      'checked.source.url',
      'Source address must start with http:// or https://',
    ],
  ])('refuses %s', (_case, input, path, message) => {
    expect(refusal(offerSchema, offer(input))).toEqual({ message, path });
  });

  it('accepts a concentration on a compounded vial, and a plan of 1 and of 24 months', () => {
    const parsed = offerSchema.parse(
      offer({
        concentrationMgPerMl: 2.5,
        plans: [
          { months: 1, total: 279 },
          { months: 24, total: 6000 },
        ],
      }),
    );
    expect(parsed.concentrationMgPerMl).toBe(2.5);
  });

  it('refuses an offer id twice in the list', () => {
    expect(refusal(offersSchema, [offer(), offer()])).toEqual({
      message: 'Offer id tirz-vial is listed twice',
      path: '1.id',
    });
  });

  it('stored offers accept what input refuses for its text: a label twice, a label with no dose, a control character', () => {
    const stored = [
      offer({
        prices: [
          { dose: '1mg', monthly: 279 },
          { dose: '1 mg', monthly: 299 },
          { dose: 'starter kit', monthly: 99 },
          { dose: '2.5\u0007mg', monthly: 300 },
        ],
      }),
    ];
    expect(storedOffersSchema.safeParse(stored).success).toBe(true);
  });
});

describe('fees', () => {
  const base = {
    membership: { amount: { kind: 'amount', usd: 49 }, includesMedication: false },
    oneTime: [{ name: 'labs', amount: { kind: 'amount', usd: 95 } }],
    shippingPerOrder: { kind: 'included' },
  };

  it('reads each amount as an amount, included or unknown; what is left out is unknown', () => {
    expect(feesSchema.parse({})).toEqual({
      membership: { amount: { kind: 'unknown' }, includesMedication: null },
      oneTime: [],
      shippingPerOrder: { kind: 'unknown' },
      checked: { source: null, checkedOn: null },
    });
    expect(feesSchema.parse(base).oneTime).toEqual([
      { name: 'labs', label: '', amount: { kind: 'amount', usd: 95 } },
    ]);
  });

  it.each<[string, object, string, string]>([
    [
      'a negative membership fee',
      { membership: { amount: { kind: 'amount', usd: -1 } } },
      'membership.amount.usd',
      'Membership fee must be 0 or more',
    ],
    [
      'a negative shipping fee',
      { shippingPerOrder: { kind: 'amount', usd: -4.5 } },
      'shippingPerOrder.usd',
      'Shipping fee must be 0 or more',
    ],
    [
      'a negative labs fee',
      { oneTime: [{ name: 'labs', amount: { kind: 'amount', usd: -95 } }] },
      'oneTime.0.amount.usd',
      'Labs fee must be 0 or more',
    ],
    [
      'a negative named fee',
      { oneTime: [{ name: 'other', label: 'Starter kit', amount: { kind: 'amount', usd: -1 } }] },
      'oneTime.0.amount.usd',
      'Starter kit must be 0 or more',
    ],
    [
      'an other fee without a label',
      { oneTime: [{ name: 'other', amount: { kind: 'amount', usd: 20 } }] },
      'oneTime.0.label',
      'Other fee needs a label saying what it is for',
    ],
    [
      'a fee label on two lines',
      { oneTime: [{ name: 'consult', label: 'Doctor\nvisit', amount: { kind: 'included' } }] },
      'oneTime.0.label',
      'One-time fee label must be a single line',
    ],
    [
      'an amount of another kind',
      { shippingPerOrder: { kind: 'free' } },
      'shippingPerOrder.kind',
      'Shipping fee must be an amount, included or unknown',
    ],
    [
      'a membership fee that includes the medication, with an amount',
      { membership: { amount: { kind: 'amount', usd: 299 }, includesMedication: true } },
      'membership.amount',
      "Membership fee includes the medication: enter it as the offers' monthly prices and the fee as included",
    ],
  ])('refuses %s', (_case, input, path, message) => {
    expect(refusal(feesSchema, { ...base, ...input })).toEqual({ message, path });
  });
});

describe('terms', () => {
  it('is unknown where nothing was entered', () => {
    expect(termsSchema.parse({ autoRenew: true })).toMatchObject({
      minimumTermMonths: null,
      autoRenew: true,
      cancellationNoticeDays: null,
      onlineCancellation: null,
      refundAfterShipping: null,
      pauseAllowed: null,
    });
  });

  it.each<[string, object, string, string]>([
    [
      'a negative minimum term',
      { minimumTermMonths: -1 },
      'minimumTermMonths',
      'Minimum term must be 0 or more',
    ],
    [
      'a minimum term in part months',
      { minimumTermMonths: 1.5 },
      'minimumTermMonths',
      'Minimum term must be a whole number of months',
    ],
    [
      'a negative notice',
      { cancellationNoticeDays: -3 },
      'cancellationNoticeDays',
      'Cancellation notice must be 0 or more',
    ],
    [
      'a yes/no that is text',
      { pauseAllowed: 'yes' },
      'pauseAllowed',
      'Pause allowed must be yes, no or unknown',
    ],
  ])('refuses %s', (_case, input, path, message) => {
    expect(refusal(termsSchema, input)).toEqual({ message, path });
  });
});

describe('trust', () => {
  it('is unknown where nothing was entered', () => {
    expect(trustSchema.parse({})).toEqual({
      pharmacyName: '',
      pharmacyType: 'unknown',
      medicalDirector: '',
      visitType: 'unknown',
      legitScript: { status: 'unknown', recordUrl: '' },
      hsaFsaReceipts: null,
      insuranceHelp: null,
      cautions: [],
      commission: null,
      checked: { source: null, checkedOn: null },
    });
  });

  it.each<[string, object, string, string]>([
    [
      'a LegitScript record that is not http(s)',
      { legitScript: { status: 'certified', recordUrl: 'javascript:alert(1)' } },
      'legitScript.recordUrl',
      'LegitScript record address must start with http:// or https://',
    ],
    [
      'a caution on two lines',
      { cautions: [{ text: 'FDA warning\nletter' }] },
      'cautions.0.text',
      'Caution must be a single line',
    ],
    [
      'a caution over 300 characters',
      { cautions: [{ text: 'x'.repeat(301) }] },
      'cautions.0.text',
      'Caution must be at most 300 characters',
    ],
    [
      'an empty caution',
      { cautions: [{ text: '  ' }] },
      'cautions.0.text',
      'Caution text is required',
    ],
    [
      'a caution address that is not http(s)',
      { cautions: [{ text: 'FDA warning letter', url: 'ftp://fda.example' }] },
      'cautions.0.url',
      'Caution address must start with http:// or https://',
    ],
    [
      'an unknown pharmacy type',
      { pharmacyType: '503C' },
      'pharmacyType',
      'Pharmacy type must be one of: 503A, 503B, manufacturer, unknown',
    ],
    [
      'a pharmacy name with a control character',
      { pharmacyName: 'Acme\u202ePharmacy' },
      'pharmacyName',
      'Pharmacy name contains a control character',
    ],
    [
      'a commission that is text',
      { commission: 'paid' },
      'commission',
      'Commission must be yes, no or unknown',
    ],
  ])('refuses %s', (_case, input, path, message) => {
    expect(refusal(trustSchema, input)).toEqual({ message, path });
  });

  it('stored trust facts keep replaying text the input refuses', () => {
    expect(storedTrustSchema.safeParse({ pharmacyName: 'Acme\u202ePharmacy' }).success).toBe(true);
  });
});

describe('offersFromPriceTables (the upcast of the old price tables)', () => {
  const prices = providerPricesSchema.parse({
    semaglutide: { '0.25mg': 199, '0.5 mg': 229, '1mg': 279, '1 mg': 269, starter: 99 },
    tirzepatide: { '2.5mg': 279, '15mg': 499.5 },
  });

  it('makes one offer per non-empty table, every label and price carried in order', () => {
    const offers = offersFromPriceTables(
      prices,
      '2025-03-14T10:00:00.000Z',
      'https://acme.example',
    );
    expect(offers).toEqual([
      {
        id: 'semaglutide',
        medication: 'semaglutide',
        form: 'compounded-other',
        prices: [
          { dose: '0.25mg', monthly: 199 },
          { dose: '0.5 mg', monthly: 229 },
          { dose: '1mg', monthly: 279 },
          { dose: '1 mg', monthly: 269 },
          { dose: 'starter', monthly: 99 },
        ],
        intro: null,
        plans: [],
        concentrationMgPerMl: null,
        checked: {
          source: { url: 'https://acme.example', kind: 'provider-page' },
          checkedOn: '2025-03-14',
        },
      },
      {
        id: 'tirzepatide',
        medication: 'tirzepatide',
        form: 'compounded-other',
        prices: [
          { dose: '2.5mg', monthly: 279 },
          { dose: '15mg', monthly: 499.5 },
        ],
        intro: null,
        plans: [],
        concentrationMgPerMl: null,
        checked: {
          source: { url: 'https://acme.example', kind: 'provider-page' },
          checkedOn: '2025-03-14',
        },
      },
    ]);
  });

  it('loses nothing: the tables can be read back from the offers', () => {
    const offers = offersFromPriceTables(prices, null, 'https://acme.example');
    const back = Object.fromEntries(
      offers.map((o) => [
        o.medication,
        Object.fromEntries(o.prices.map((p) => [p.dose, p.monthly])),
      ]),
    );
    expect(back).toEqual(prices);
    expect(storedOffersSchema.safeParse(offers).success).toBe(true);
  });

  it.each([
    ['never checked', null, null],
    ['checked at a time', '2024-12-31T23:59:59.000Z', '2024-12-31'],
    ['an unreadable time', 'soon', null],
  ])('dates the check from the prices checked time: %s', (_case, checkedAt, checkedOn) => {
    const [first] = offersFromPriceTables(prices, checkedAt, 'https://acme.example');
    expect(first?.checked.checkedOn).toBe(checkedOn);
  });

  it('makes no offer for a provider without prices', () => {
    expect(
      offersFromPriceTables({ semaglutide: {}, tirzepatide: {} }, null, 'https://acme.example'),
    ).toEqual([]);
  });
});
