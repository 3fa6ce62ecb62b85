/**
 * The provider editor's cost-and-trust sections as plain data (web/features/providers/facts-form.ts):
 * what the inputs hold becomes each group's payload, unknown stays unknown, demo data stays demo
 * until a date is entered, the server's messages land on the fields shown, and risky wording
 * about a compounded offer is warned about.
 */
import { describe, expect, it } from 'vitest';
import type { FieldErrors } from '../../../web/components/form/form-kit';
import { offersSchema } from '../../../domain/providers/offers';
import {
  offersFromPriceTables,
  priceTablesFromOffers,
} from '../../../domain/providers/offer-tables';
import {
  amountToValues,
  checkedToValues,
  claimWarning,
  emptyOffer,
  errorAt,
  feesToValues,
  fromYesNo,
  groupFieldErrors,
  newOfferId,
  offerErrorsToForm,
  offerToValues,
  recheckAge,
  sellsCompounded,
  termsToValues,
  trustToValues,
  validateFees,
  validateOffers,
  validateTerms,
  validateTrust,
  valuesToAmount,
  valuesToChecked,
  valuesToOffers,
  valuesToTerms,
  withLadderDoses,
  yesNo,
  type CheckedValues,
  type FeesValues,
  type OfferValues,
} from '../../../web/features/providers/facts-form';

const SITE = 'https://acme.example';

describe('yes / no / unknown', () => {
  it.each([
    [true, 'yes'],
    [false, 'no'],
    [null, 'unknown'],
    [undefined, 'unknown'],
  ] as const)('%s reads as %s and back', (value, shown) => {
    expect(yesNo(value)).toBe(shown);
    expect(fromYesNo(shown)).toBe(value ?? null);
  });
});

describe('an amount, included or unknown', () => {
  it.each([
    [
      { kind: 'amount', usd: '49' },
      { kind: 'amount', usd: 49 },
    ],
    [
      { kind: 'amount', usd: '$1,200' },
      { kind: 'amount', usd: 1200 },
    ],
    [
      { kind: 'amount', usd: '0' },
      { kind: 'amount', usd: 0 },
    ],
    // Left blank: null, which the schema refuses naming the fee (never read as 0).
    [
      { kind: 'amount', usd: '' },
      { kind: 'amount', usd: null },
    ],
    [{ kind: 'included', usd: '12' }, { kind: 'included' }],
    [{ kind: 'unknown', usd: '' }, { kind: 'unknown' }],
  ] as const)('%j is sent as %j', (values, sent) => {
    expect(valuesToAmount(values)).toEqual(sent);
  });

  it.each([
    [undefined, { kind: 'unknown', usd: '' }],
    [
      { kind: 'amount', usd: 0 },
      { kind: 'amount', usd: '0' },
    ],
    [{ kind: 'included' }, { kind: 'included', usd: '' }],
  ] as const)('%j opens as %j', (amount, values) => {
    expect(amountToValues(amount)).toEqual(values);
  });
});

describe('a source and its check', () => {
  const base: CheckedValues = {
    sourceUrl: `${SITE}/pricing`,
    sourceKind: 'checkout',
    checkedOn: '2026-11-02',
    demo: false,
  };
  it.each([
    {
      when: 'an address and a date',
      values: base,
      sent: { source: { url: `${SITE}/pricing`, kind: 'checkout' }, checkedOn: '2026-11-02' },
    },
    {
      when: 'no address',
      values: { ...base, sourceUrl: '  ' },
      sent: { source: null, checkedOn: '2026-11-02' },
    },
    {
      when: 'demo data without a date (stays demo: no date is ever shown)',
      values: { ...base, checkedOn: '', demo: true },
      sent: { source: { url: `${SITE}/pricing`, kind: 'checkout' }, checkedOn: null, demo: true },
    },
    {
      when: 'demo data given a date (a real check now)',
      values: { ...base, demo: true },
      sent: { source: { url: `${SITE}/pricing`, kind: 'checkout' }, checkedOn: '2026-11-02' },
    },
  ])('$when', ({ values, sent }) => {
    expect(valuesToChecked(values)).toEqual(sent);
  });

  it("a group never checked opens with the provider's website as a provider page", () => {
    expect(checkedToValues(null, SITE)).toEqual({
      sourceUrl: SITE,
      sourceKind: 'provider-page',
      checkedOn: '',
      demo: false,
    });
  });
});

describe('offers', () => {
  const offer = (patch: Partial<OfferValues> = {}): OfferValues => ({
    ...emptyOffer('tirzepatide', [], SITE),
    ...patch,
  });

  it("a new offer lists the label's doses, unpriced, and an id of its own", () => {
    const first = emptyOffer('tirzepatide', [], SITE);
    expect(first.id).toBe('tirzepatide-compounded-vial');
    expect(first.prices.map((p) => p.dose)).toEqual([
      '2.5 mg',
      '5 mg',
      '7.5 mg',
      '10 mg',
      '12.5 mg',
      '15 mg',
    ]);
    expect(first.prices.every((p) => p.monthly === '')).toBe(true);
  });

  it.each([
    [[], 'semaglutide-brand-pen'],
    [['semaglutide-brand-pen'], 'semaglutide-brand-pen-2'],
    [['semaglutide-brand-pen', 'semaglutide-brand-pen-2'], 'semaglutide-brand-pen-3'],
  ])('with the ids %j taken, a new id is %s', (taken, id) => {
    expect(newOfferId('semaglutide', 'brand-pen', taken)).toBe(id);
  });

  it.each([
    {
      when: 'doses without a price',
      values: offer({
        prices: [
          { dose: '2.5 mg', monthly: '199' },
          { dose: '5 mg', monthly: '' },
        ],
      }),
      sent: { prices: [{ dose: '2.5 mg', monthly: 199 }], intro: null, plans: [] },
    },
    {
      when: 'an introductory price and a plan',
      values: offer({
        prices: [],
        introMonthly: '149',
        introMonths: '1',
        plans: [
          { months: '3', total: '549' },
          { months: '', total: '' },
        ],
      }),
      sent: { intro: { monthly: 149, months: 1 }, plans: [{ months: 3, total: 549 }] },
    },
    {
      when: 'a half-entered introduction (sent for the schema to name)',
      values: offer({ prices: [], introMonthly: '149' }),
      sent: { intro: { monthly: 149, months: null } },
    },
    {
      when: 'a concentration on a vial',
      values: offer({ prices: [], concentration: '10' }),
      sent: { concentrationMgPerMl: 10 },
    },
    {
      when: 'a concentration left over on a pen (not sent)',
      values: offer({ prices: [], form: 'brand-pen', concentration: '10' }),
      sent: { concentrationMgPerMl: null },
    },
  ])('$when', ({ values, sent }) => {
    expect(valuesToOffers([values])[0]).toMatchObject(sent);
  });

  it.each([
    {
      when: 'a plan of 0 months',
      values: [offer({ prices: [], plans: [{ months: '0', total: '0' }] })],
      errors: { '0.plans.0.months': 'Plan months must be at least 1' },
    },
    {
      when: 'a dose listed twice (named on the row shown, unpriced rows between)',
      values: [
        offer({
          prices: [
            { dose: '2.5 mg', monthly: '199' },
            { dose: '5 mg', monthly: '' },
            { dose: '2.5mg', monthly: '189' },
          ],
        }),
      ],
      errors: { '0.prices.2': 'Dose 2.5 mg is listed twice' },
    },
    {
      when: 'a price that is no number',
      values: [offer({ prices: [{ dose: '2.5 mg', monthly: 'abc' }] })],
      errors: { '0.prices.0': 'Monthly price must be a number' },
    },
    {
      when: 'two offers with one id',
      values: [offer({ prices: [] }), offer({ prices: [] })],
      errors: { '1.id': 'Offer id tirzepatide-compounded-vial is listed twice' },
    },
  ])('$when: the message is at its field', ({ values, errors }) => {
    expect(validateOffers(values)).toEqual(errors);
  });

  it("the server's price paths go to the row on screen", () => {
    const values = [
      offer({
        prices: [
          { dose: '2.5 mg', monthly: '' },
          { dose: '5 mg', monthly: '-1' },
        ],
      }),
    ];
    expect(
      offerErrorsToForm({ '0.prices.0.monthly': 'Monthly price must be 0 or more' }, values),
    ).toEqual({ '0.prices.1': 'Monthly price must be 0 or more' });
  });

  it('the price tables of a provider without offers open as offers and save every price', () => {
    const tables = {
      semaglutide: { '0.25mg': 199, '0.5mg': 229 },
      tirzepatide: { '2.5mg': 279 },
    };
    const upcast = offersFromPriceTables(tables, '2026-10-01T10:00:00.000Z', SITE);
    const sent = valuesToOffers(upcast.map((o) => offerToValues(o, SITE)));
    const parsed = offersSchema.parse(sent);
    expect(parsed).toEqual(upcast);
    expect(priceTablesFromOffers(parsed)).toEqual(tables);
  });

  it("'Add the label's doses' keeps what is priced and adds the rest in dose order", () => {
    const values = offer({ prices: [{ dose: '5 mg', monthly: '249' }] });
    expect(withLadderDoses(values).prices.slice(0, 3)).toEqual([
      { dose: '2.5 mg', monthly: '' },
      { dose: '5 mg', monthly: '249' },
      { dose: '7.5 mg', monthly: '' },
    ]);
  });
});

describe('fees, terms and trust facts', () => {
  it('a provider never given fees opens with every amount unknown', () => {
    const values = feesToValues(null, SITE);
    expect(values.membership).toEqual({ kind: 'unknown', usd: '' });
    expect(values.shippingPerOrder).toEqual({ kind: 'unknown', usd: '' });
    expect(values.includesMedication).toBe('unknown');
    expect(validateFees(values)).toEqual({});
  });

  const feeCases: { when: string; patch: Partial<FeesValues>; errors: FieldErrors }[] = [
    {
      when: 'a negative membership fee',
      patch: { membership: { kind: 'amount', usd: '-5' } },
      errors: { 'membership.amount.usd': 'Membership fee must be 0 or more' },
    },
    {
      when: 'a membership amount left blank',
      patch: { membership: { kind: 'amount', usd: '' } },
      errors: { 'membership.amount.usd': 'Membership fee must be a number' },
    },
    {
      when: "a source that is no http(s) address ('javascript:alert(1)')",
      patch: {
        checked: {
          sourceUrl: 'javascript:alert(1)',
          sourceKind: 'provider-page',
          checkedOn: '',
          demo: false,
        },
      },
      errors: { 'checked.source.url': 'Source address must start with http:// or https://' },
    },
    {
      when: "an 'other' one-time fee without a label",
      patch: { oneTime: [{ name: 'other', label: '', amount: { kind: 'amount', usd: '20' } }] },
      errors: { 'oneTime.0.label': 'Other fee needs a label saying what it is for' },
    },
  ];
  it.each(feeCases)('fees with $when: the message is at its field', ({ patch, errors }) => {
    expect(validateFees({ ...feesToValues(null, SITE), ...patch })).toEqual(errors);
  });

  it.each([
    ['', null],
    ['0', 0],
    ['12', 12],
  ] as const)("a minimum term typed as '%s' is sent as %s", (typed, sent) => {
    const values = { ...termsToValues(null, SITE), minimumTermMonths: typed };
    expect(valuesToTerms(values)).toMatchObject({ minimumTermMonths: sent });
  });

  it('a cancellation notice of 1.5 days is named', () => {
    expect(validateTerms({ ...termsToValues(null, SITE), cancellationNoticeDays: '1.5' })).toEqual({
      cancellationNoticeDays: 'Cancellation notice must be a whole number of days',
    });
  });

  it("the LegitScript record's message is at its own field", () => {
    expect(validateTrust({ ...trustToValues(null, SITE), legitScriptUrl: 'ftp://x' })).toEqual({
      legitScriptUrl: 'LegitScript record address must start with http:// or https://',
    });
  });

  it('commission never entered opens as unknown', () => {
    expect(trustToValues(null, SITE).commission).toBe('unknown');
  });
});

describe("the server's answers", () => {
  it("a group's fields lose its prefix; others are listed apart", () => {
    expect(
      groupFieldErrors(
        { 'fees.membership.amount.usd': 'Membership fee must be 0 or more', _root: 'Odd' },
        'fees',
      ),
    ).toEqual({
      byField: { 'membership.amount.usd': 'Membership fee must be 0 or more' },
      other: ['Odd'],
    });
  });

  it.each([
    [{ 'membership.amount.usd': 'A' }, 'membership.amount', 'A'],
    [{ 'membership.amount': 'B' }, 'membership.amount', 'B'],
    [{ 'membership.amountX': 'C' }, 'membership.amount', undefined],
    [{}, 'checked', undefined],
  ])('in %j the message at or below %s is %s', (errors, path, message) => {
    expect(errorAt(errors, path)).toBe(message);
  });
});

describe('claim warnings', () => {
  it.each([
    ['Same as Ozempic', true, "'same as'"],
    ['Generic semaglutide', true, "'generic'"],
    ['FDA-approved ingredients', true, "'FDA-approved'"],
    ['Free shipping', true, null],
    ['FDA-approved brand pens', false, null],
  ])('%s (compounded: %s) warns about %s', (text, compounded, phrase) => {
    const warning = claimWarning(text, compounded);
    if (phrase === null) expect(warning).toBeNull();
    else expect(warning).toContain(phrase);
  });

  it.each([
    [[{ form: 'compounded-vial' }], true],
    [[{ form: 'compounded-other' }, { form: 'brand-pen' }], true],
    [[{ form: 'brand-pen' }, { form: 'oral' }], false],
    [[], false],
  ] as const)('offers %j sell compounded: %s', (offers, compounded) => {
    expect(sellsCompounded(offers)).toBe(compounded);
  });
});

describe('the recheck list', () => {
  it.each([
    [null, 'Never checked'],
    [1, '1 day'],
    [120, '120 days'],
  ])('an age of %s reads %s', (age, text) => {
    expect(recheckAge(age)).toBe(text);
  });
});
