/**
 * The provider's cost-and-trust facts (issue 25) as Given(events) / When(command) /
 * Then(events or error): offers, fees, terms, trust facts and 'checked today'.
 */
import { describe, expect, it } from 'vitest';
import {
  changeProviderFeesCommand,
  changeProviderOffersCommand,
  changeProviderTermsCommand,
  changeProviderTrustFactsCommand,
  checkProviderFactsCommand,
} from '../../../commands/providers/commands';
import {
  foldProvider,
  providerDecider,
  type ProviderCommand,
} from '../../../domain/providers/decider';
import { providerEventSchemas, type ProviderEvent } from '../../../domain/providers/events';
import {
  feesSchema,
  offersSchema,
  termsSchema,
  trustSchema,
  type Fees,
  type Offer,
  type Terms,
  type Trust,
} from '../../../domain/providers/offers';
import { providerDetailsSchema, providerPricesSchema } from '../../../domain/providers/provider';
import { computeVialScore } from '../../../domain/providers/vial-score';
import { DecisionError } from '../../../domain/shared/decider';
import { DeciderSpecification } from '../../support/decider-specification';

const NOW = new Date('2025-03-14T10:00:00.000Z');
const ID = 'p-1';
const { given } = DeciderSpecification.for(providerDecider, { now: NOW });

const SOURCE = { url: 'https://acme.example/pricing', kind: 'provider-page' } as const;
const CHECKED = { source: SOURCE, checkedOn: '2025-03-10' };

const offers: Offer[] = offersSchema.parse([
  {
    id: 'tirz-vial',
    medication: 'tirzepatide',
    form: 'compounded-vial',
    prices: [
      { dose: '2.5 mg', monthly: 279 },
      { dose: '5 mg', monthly: 329 },
    ],
    intro: { monthly: 199, months: 1 },
    plans: [{ months: 3, total: 899 }],
    concentrationMgPerMl: 2.5,
    checked: CHECKED,
  },
]);
const fees: Fees = feesSchema.parse({
  membership: { amount: { kind: 'amount', usd: 49 }, includesMedication: false },
  oneTime: [{ name: 'labs', amount: { kind: 'unknown' } }],
  shippingPerOrder: { kind: 'included' },
  checked: CHECKED,
});
const terms: Terms = termsSchema.parse({
  minimumTermMonths: 3,
  autoRenew: true,
  cancellationNoticeDays: 7,
  onlineCancellation: false,
  checked: CHECKED,
});
const trust: Trust = trustSchema.parse({
  pharmacyName: 'Acme Compounding',
  pharmacyType: '503A',
  visitType: 'async-form',
  legitScript: { status: 'certified', recordUrl: 'https://www.legitscript.com/x' },
  cautions: [{ text: 'FDA warning letter, 2025', url: 'https://www.fda.gov/x' }],
  commission: true,
  checked: CHECKED,
});

function listed(): ProviderEvent[] {
  const details = providerDetailsSchema.parse({
    name: 'Acme Health',
    websiteUrl: 'https://acme.example',
  });
  const prices = providerPricesSchema.parse({});
  return [
    { type: 'ProviderListed', data: { providerId: ID, details, prices } },
    {
      type: 'VialScoreRecomputed',
      data: {
        providerId: ID,
        score: computeVialScore({ ...details, prices }),
        reason: 'listed',
        month: '2025-03',
      },
    },
  ];
}
const removed: ProviderEvent = {
  type: 'ProviderRemoved',
  data: { providerId: ID, name: 'Acme Health', removedAt: '2025-03-13T10:00:00.000Z' },
};

const offersChanged = (o = offers): ProviderEvent => ({
  type: 'ProviderOffersChanged',
  data: { providerId: ID, offers: o },
});
const feesChanged = (f = fees): ProviderEvent => ({
  type: 'ProviderFeesChanged',
  data: { providerId: ID, fees: f },
});
const termsChanged = (t = terms): ProviderEvent => ({
  type: 'ProviderTermsChanged',
  data: { providerId: ID, terms: t },
});
const trustChanged = (t = trust): ProviderEvent => ({
  type: 'ProviderTrustFactsChanged',
  data: { providerId: ID, trust: t },
});

/** Each change command with the event it emits and a different value of its group. */
const changes: [string, ProviderCommand, ProviderEvent, ProviderCommand][] = [
  [
    'ChangeProviderOffers',
    { type: 'ChangeProviderOffers', providerId: ID, offers },
    offersChanged(),
    {
      type: 'ChangeProviderOffers',
      providerId: ID,
      offers: [{ ...offers[0]!, intro: null }],
    },
  ],
  [
    'ChangeProviderFees',
    { type: 'ChangeProviderFees', providerId: ID, fees },
    feesChanged(),
    {
      type: 'ChangeProviderFees',
      providerId: ID,
      fees: { ...fees, shippingPerOrder: { kind: 'amount', usd: 10 } },
    },
  ],
  [
    'ChangeProviderTerms',
    { type: 'ChangeProviderTerms', providerId: ID, terms },
    termsChanged(),
    { type: 'ChangeProviderTerms', providerId: ID, terms: { ...terms, pauseAllowed: true } },
  ],
  [
    'ChangeProviderTrustFacts',
    { type: 'ChangeProviderTrustFacts', providerId: ID, trust },
    trustChanged(),
    {
      type: 'ChangeProviderTrustFacts',
      providerId: ID,
      trust: { ...trust, commission: false },
    },
  ],
];

describe.each(changes)('%s', (_name, command, event, other) => {
  it('given a listed provider, records the group', () => {
    given(listed()).when(command).then([event]);
  });

  it('the event passes its schema (what the store appends)', () => {
    const schema = providerEventSchemas[event.type];
    expect(schema.safeParse(event.data).success).toBe(true);
  });

  it('given the same group already recorded, emits nothing', () => {
    given([...listed(), event])
      .when(command)
      .thenNothingHappened();
  });

  it('given another value recorded, records the new one', () => {
    given([...listed(), event])
      .when(other)
      .thenMatches([{ type: event.type }]);
  });

  it.each([
    ['unknown', [] as ProviderEvent[], 'provider_not_found', 'Provider not found'],
    ['removed', [...listed(), removed], 'provider_removed', 'Provider was removed'],
  ])('given the provider is %s, it is refused', (_case, history, code, message) => {
    given(history).when(command).thenThrows(DecisionError, { code, message });
  });
});

describe('a checked date in the future is refused', () => {
  it.each<[string, ProviderCommand]>([
    [
      'offers',
      {
        type: 'ChangeProviderOffers',
        providerId: ID,
        offers: [{ ...offers[0]!, checked: { source: SOURCE, checkedOn: '2025-03-16' } }],
      },
    ],
    [
      'fees',
      {
        type: 'ChangeProviderFees',
        providerId: ID,
        fees: { ...fees, checked: { source: SOURCE, checkedOn: '2026-01-01' } },
      },
    ],
    [
      'a check',
      { type: 'CheckProviderFacts', providerId: ID, group: 'terms', checkedOn: '2025-03-16' },
    ],
  ])('%s', (_case, command) => {
    given([...listed(), termsChanged()])
      .when(command)
      .thenThrows(DecisionError, {
        code: 'provider_check_in_future',
        message: 'Checked date cannot be in the future',
      });
  });

  it('but tomorrow (UTC) is allowed: an administrator ahead of UTC', () => {
    given([...listed(), termsChanged()])
      .when({ type: 'CheckProviderFacts', providerId: ID, group: 'terms', checkedOn: '2025-03-15' })
      .thenMatches([{ type: 'ProviderFactsChecked' }]);
  });
});

describe('invalid input is refused by the command schemas, naming the field', () => {
  it.each<
    [
      string,
      { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
      object,
      string,
    ]
  >([
    [
      'a negative membership fee',
      changeProviderFeesCommand,
      {
        type: 'ChangeProviderFees',
        providerId: ID,
        fees: { membership: { amount: { kind: 'amount', usd: -1 } } },
      },
      'Membership fee must be 0 or more',
    ],
    [
      'a dose twice',
      changeProviderOffersCommand,
      {
        type: 'ChangeProviderOffers',
        providerId: ID,
        offers: [
          {
            id: 'a',
            medication: 'tirzepatide',
            form: 'brand-pen',
            prices: [
              { dose: '2.5 mg', monthly: 1 },
              { dose: '2.50mg', monthly: 2 },
            ],
          },
        ],
      },
      'Dose 2.5 mg is listed twice',
    ],
    [
      'a plan of 0 months',
      changeProviderOffersCommand,
      {
        type: 'ChangeProviderOffers',
        providerId: ID,
        offers: [
          {
            id: 'a',
            medication: 'tirzepatide',
            form: 'brand-pen',
            plans: [{ months: 0, total: 1 }],
          },
        ],
      },
      'Plan months must be at least 1',
    ],
    [
      'a negative notice',
      changeProviderTermsCommand,
      { type: 'ChangeProviderTerms', providerId: ID, terms: { cancellationNoticeDays: -1 } },
      'Cancellation notice must be 0 or more',
    ],
    [
      'a source that is not http(s)',
      changeProviderTrustFactsCommand,
      {
        type: 'ChangeProviderTrustFacts',
        providerId: ID,
        trust: { checked: { source: { url: 'javascript:alert(1)', kind: 'third-party' } } },
      },
      'Source address must start with http:// or https://',
    ],
    [
      'a check of an unknown group',
      checkProviderFactsCommand,
      { type: 'CheckProviderFacts', providerId: ID, group: 'prices' },
      'Fact group must be one of: offers, fees, terms, trust',
    ],
    [
      'a check on a date that does not exist',
      checkProviderFactsCommand,
      { type: 'CheckProviderFacts', providerId: ID, group: 'fees', checkedOn: '2025-02-29' },
      'Checked date must be a date (YYYY-MM-DD)',
    ],
  ])('%s', (_case, schema, input, message) => {
    const result = schema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('CheckProviderFacts', () => {
  const check = (data: Partial<Extract<ProviderCommand, { type: 'CheckProviderFacts' }>> = {}) =>
    ({ type: 'CheckProviderFacts', providerId: ID, group: 'fees', ...data }) as ProviderCommand;
  const checkedEvent = (
    data: Partial<Extract<ProviderEvent, { type: 'ProviderFactsChecked' }>['data']> = {},
  ): ProviderEvent => ({
    type: 'ProviderFactsChecked',
    data: { providerId: ID, group: 'fees', checkedOn: '2025-03-14', source: null, ...data },
  });

  it('given fees entered, records the check today (UTC, from now), sources kept', () => {
    given([...listed(), feesChanged()])
      .when(check())
      .then([checkedEvent()]);
  });

  it('records a given date and a new source', () => {
    const source = { url: 'https://acme.example/checkout', kind: 'checkout' } as const;
    given([...listed(), feesChanged()])
      .when(check({ checkedOn: '2025-03-12', source }))
      .then([checkedEvent({ checkedOn: '2025-03-12', source })]);
  });

  it('moves the date (and the source) of every offer; the facts stand', () => {
    const two = [
      offers[0]!,
      {
        ...offers[0]!,
        id: 'tirz-pen',
        form: 'brand-pen' as const,
        concentrationMgPerMl: null,
        checked: { source: null, checkedOn: null },
      },
    ];
    const source = { url: 'https://acme.example/all', kind: 'provider-page' } as const;
    const state = foldProvider([
      ...listed(),
      offersChanged(two),
      checkedEvent({ group: 'offers', checkedOn: '2025-03-14' }),
      checkedEvent({ group: 'offers', checkedOn: '2025-03-14', source }),
    ]);
    expect(state.status === 'listed' && state.facts.offers).toEqual(
      two.map((o) => ({ ...o, checked: { source, checkedOn: '2025-03-14' } })),
    );
  });

  it('given the group already checked today from the same source, emits nothing', () => {
    given([...listed(), feesChanged(), checkedEvent()])
      .when(check({ source: SOURCE }))
      .thenNothingHappened();
    given([...listed(), feesChanged(), checkedEvent()])
      .when(check())
      .thenNothingHappened();
  });

  it('given demo facts, a check records a real date: demo no longer', () => {
    const demo = {
      ...fees,
      checked: { source: null, checkedOn: '2025-03-14', demo: true as const },
    };
    given([...listed(), feesChanged(demo)])
      .when(check())
      .then([checkedEvent()]);
    const state = foldProvider([...listed(), feesChanged(demo), checkedEvent()]);
    expect(state.status === 'listed' && state.facts.fees?.checked).toEqual({
      source: null,
      checkedOn: '2025-03-14',
    });
  });

  it.each(['offers', 'fees', 'terms', 'trust'] as const)(
    'given no %s entered, it is refused',
    (group) => {
      given(listed()).when(check({ group })).thenThrows(DecisionError, {
        code: 'provider_facts_not_entered',
        message: 'There are no facts of this kind to check yet: enter them first',
      });
    },
  );

  it.each([
    ['unknown', [] as ProviderEvent[], 'provider_not_found'],
    ['removed', [...listed(), feesChanged(), removed], 'provider_removed'],
  ])('given the provider is %s, it is refused', (_case, history, code) => {
    given(history).when(check()).thenThrows(DecisionError, { code });
  });

  it('the event passes its schema', () => {
    const event = checkedEvent({ source: SOURCE });
    expect(providerEventSchemas.ProviderFactsChecked.safeParse(event.data).success).toBe(true);
  });
});

describe('the facts through the trash', () => {
  it('a restored provider has its facts back, as they were when removed', () => {
    const state = foldProvider([
      ...listed(),
      offersChanged(),
      feesChanged(),
      termsChanged(),
      trustChanged(),
      removed,
      {
        type: 'ProviderRestored',
        data: {
          providerId: ID,
          details: providerDetailsSchema.parse({
            name: 'Acme Health',
            websiteUrl: 'https://acme.example',
          }),
          prices: providerPricesSchema.parse({}),
        },
      },
    ]);
    expect(state.status === 'listed' && state.facts).toEqual({ offers, fees, terms, trust });
  });

  it('a newly listed provider has no facts entered', () => {
    const state = foldProvider(listed());
    expect(state.status === 'listed' && state.facts).toEqual({
      offers: null,
      fees: null,
      terms: null,
      trust: null,
    });
  });
});
