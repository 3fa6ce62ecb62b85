/**
 * The provider decider as Given(events) / When(command) / Then(events or error).
 */
import { describe, expect, it } from 'vitest';
import {
  decideProvider,
  foldProvider,
  ProviderDecisionError,
  type ProviderCommand,
} from '../../../domain/provider/decider';
import type { ProviderEvent } from '../../../domain/provider/events';
import {
  providerDetailsSchema,
  providerPricesSchema,
  type ProviderDetails,
  type ProviderDetailsInput,
  type ProviderPrices,
} from '../../../domain/provider/provider';
import { computeVialScore } from '../../../domain/rules/vial-score';

const NOW = new Date('2025-03-14T10:00:00.000Z');
const ID = 'p-1';

const details = (input: Partial<ProviderDetailsInput> = {}): ProviderDetails =>
  providerDetailsSchema.parse({
    name: 'Acme Health',
    websiteUrl: 'https://acme.example',
    ...input,
  });
const prices = (input: Partial<ProviderPrices> = {}): ProviderPrices =>
  providerPricesSchema.parse(input);

const score = (d: ProviderDetails, p: ProviderPrices) => computeVialScore({ ...d, prices: p });

/** Given these events, when the command is decided (at NOW unless `at`), return the outcome. */
function given(events: ProviderEvent[]) {
  return {
    when(command: ProviderCommand, at: Date = NOW) {
      return decideProvider(command, foldProvider(events), at);
    },
  };
}

function listed(d = details(), p = prices(), month = '2025-03'): ProviderEvent[] {
  return [
    {
      type: 'ProviderListed',
      data: { providerId: ID, details: { ...d, featured: false }, prices: p },
    },
    {
      type: 'VialScoreRecomputed',
      data: { providerId: ID, score: score(d, p), reason: 'listed', month },
    },
  ];
}

const removed: ProviderEvent = {
  type: 'ProviderRemoved',
  data: { providerId: ID, name: 'Acme Health' },
};

describe('ListProvider', () => {
  it('given no history, lists the provider and publishes its first Vial Score', () => {
    const d = details({ states: ['CA', 'NY'], medications: ['Semaglutide'] });
    const p = prices({ semaglutide: { '0.25mg': 199 } });
    expect(given([]).when({ type: 'ListProvider', providerId: ID, details: d, prices: p })).toEqual(
      [
        { type: 'ProviderListed', data: { providerId: ID, details: d, prices: p } },
        {
          type: 'VialScoreRecomputed',
          data: { providerId: ID, score: score(d, p), reason: 'listed', month: '2025-03' },
        },
      ],
    );
  });

  it('given no history, a featured provider is listed unfeatured and then featured', () => {
    const d = details({ featured: true });
    const events = given([]).when({
      type: 'ListProvider',
      providerId: ID,
      details: d,
      prices: prices(),
    });
    expect(events.map((e) => e.type)).toEqual([
      'ProviderListed',
      'VialScoreRecomputed',
      'ProviderFeatured',
    ]);
    expect(events[0]).toMatchObject({ data: { details: { featured: false } } });
  });

  it.each([
    ['already listed', listed(), 'Provider already exists'],
    ['removed', [...listed(), removed], 'Provider was removed'],
  ])('given the provider is %s, it is rejected', (_case, history, message) => {
    const attempt = () =>
      given(history).when({
        type: 'ListProvider',
        providerId: ID,
        details: details(),
        prices: prices(),
      });
    expect(attempt).toThrow(ProviderDecisionError);
    expect(attempt).toThrow(message);
  });
});

describe('ChangeProviderDetails', () => {
  it('emits only the changed fields', () => {
    const next = details({ name: 'Acme Health Plus', description: 'Now nationwide' });
    expect(
      given(listed()).when({ type: 'ChangeProviderDetails', providerId: ID, details: next }),
    ).toEqual([
      {
        type: 'ProviderDetailsChanged',
        data: {
          providerId: ID,
          changes: { name: 'Acme Health Plus', description: 'Now nationwide' },
          changedFields: ['name', 'description'],
        },
      },
    ]);
  });

  it('reports card fields one by one and carries the whole new card', () => {
    const next = details({ card: { offerCode: 'SAVE20', features: ['Fast shipping'] } });
    const [event] = given(listed()).when({
      type: 'ChangeProviderDetails',
      providerId: ID,
      details: next,
    });
    expect(event).toEqual({
      type: 'ProviderDetailsChanged',
      data: {
        providerId: ID,
        changes: { card: next.card },
        changedFields: ['card.features', 'card.offerCode'],
      },
    });
  });

  it('emits nothing when nothing changed (states in another order are the same states)', () => {
    const history = listed(details({ states: ['CA', 'NY'] }));
    expect(
      given(history).when({
        type: 'ChangeProviderDetails',
        providerId: ID,
        details: details({ states: ['NY', 'CA'] }),
      }),
    ).toEqual([]);
  });

  it.each([
    ['featured on', [] as ProviderEvent[], true, 'ProviderFeatured'],
    [
      'featured off',
      [{ type: 'ProviderFeatured', data: { providerId: ID } }] as ProviderEvent[],
      false,
      'ProviderUnfeatured',
    ],
  ])('turning %s emits only its own event', (_case, extra, featured, type) => {
    expect(
      given([...listed(), ...extra]).when({
        type: 'ChangeProviderDetails',
        providerId: ID,
        details: details({ featured }),
      }),
    ).toEqual([{ type, data: { providerId: ID } }]);
  });

  it('a change of fields and of featured emits both', () => {
    const events = given(listed()).when({
      type: 'ChangeProviderDetails',
      providerId: ID,
      details: details({ featured: true, googleScore: 4.5 }),
    });
    expect(events.map((e) => e.type)).toEqual(['ProviderDetailsChanged', 'ProviderFeatured']);
    expect(events[0]).toMatchObject({ data: { changedFields: ['googleScore'] } });
  });

  it('applies earlier changes before diffing', () => {
    const history: ProviderEvent[] = [
      ...listed(),
      {
        type: 'ProviderDetailsChanged',
        data: { providerId: ID, changes: { name: 'Renamed' }, changedFields: ['name'] },
      },
    ];
    expect(
      given(history).when({
        type: 'ChangeProviderDetails',
        providerId: ID,
        details: details({ name: 'Renamed' }),
      }),
    ).toEqual([]);
  });
});

describe.each([
  ['ChangeProviderDetails', { type: 'ChangeProviderDetails', providerId: ID, details: details() }],
  ['ChangeProviderPrices', { type: 'ChangeProviderPrices', providerId: ID, prices: prices() }],
  ['RemoveProvider', { type: 'RemoveProvider', providerId: ID }],
  ['RecomputeVialScore', { type: 'RecomputeVialScore', providerId: ID, reason: 'requested' }],
] as [string, ProviderCommand][])('%s on a provider that is not there', (_name, command) => {
  it("given no history, fails with 'Provider not found'", () => {
    const attempt = () => given([]).when(command);
    expect(attempt).toThrow(ProviderDecisionError);
    expect(attempt).toThrow('Provider not found');
  });

  it("given a removed provider, fails with 'Provider was removed'", () => {
    expect(() => given([...listed(), removed]).when(command)).toThrow('Provider was removed');
  });
});

describe('ChangeProviderPrices', () => {
  it('emits the new tables when they differ', () => {
    const p = prices({ tirzepatide: { '2.5mg': 249 } });
    expect(
      given(listed()).when({ type: 'ChangeProviderPrices', providerId: ID, prices: p }),
    ).toEqual([{ type: 'ProviderPricesChanged', data: { providerId: ID, prices: p } }]);
  });

  it('emits nothing for the same tables with keys in another order', () => {
    const history = listed(details(), prices({ semaglutide: { '0.25mg': 199, '0.5mg': 249 } }));
    const same = prices({ semaglutide: { '0.5mg': 249, '0.25mg': 199 } });
    expect(
      given(history).when({ type: 'ChangeProviderPrices', providerId: ID, prices: same }),
    ).toEqual([]);
  });
});

describe('RemoveProvider', () => {
  it('records the removal with the name at that time', () => {
    expect(
      given(listed(details({ name: 'Acme' }))).when({ type: 'RemoveProvider', providerId: ID }),
    ).toEqual([{ type: 'ProviderRemoved', data: { providerId: ID, name: 'Acme' } }]);
  });
});

describe('RecomputeVialScore', () => {
  const fullerPrices = prices({ semaglutide: { '0.25mg': 199, '0.5mg': 249 } });
  const afterPriceChange: ProviderEvent[] = [
    ...listed(details({ medications: ['Semaglutide'] })),
    { type: 'ProviderPricesChanged', data: { providerId: ID, prices: fullerPrices } },
  ];

  it('publishes the new score when the data now gives another one', () => {
    const expected = score(details({ medications: ['Semaglutide'] }), fullerPrices);
    expect(
      given(afterPriceChange).when({
        type: 'RecomputeVialScore',
        providerId: ID,
        reason: 'requested',
      }),
    ).toEqual([
      {
        type: 'VialScoreRecomputed',
        data: { providerId: ID, score: expected, reason: 'requested', month: '2025-03' },
      },
    ]);
  });

  it('a requested recomputation of an unchanged score emits nothing', () => {
    expect(
      given(listed()).when({ type: 'RecomputeVialScore', providerId: ID, reason: 'requested' }),
    ).toEqual([]);
  });

  it('the monthly recomputation publishes an unchanged score once in a new month', () => {
    const april = new Date('2025-04-01T00:05:00.000Z');
    expect(
      given(listed()).when(
        { type: 'RecomputeVialScore', providerId: ID, reason: 'monthly' },
        april,
      ),
    ).toMatchObject([
      { type: 'VialScoreRecomputed', data: { reason: 'monthly', month: '2025-04' } },
    ]);
  });

  it('running the monthly recomputation twice in one month adds nothing the second time', () => {
    expect(
      given(listed()).when({ type: 'RecomputeVialScore', providerId: ID, reason: 'monthly' }),
    ).toEqual([]);
  });

  it('edits do not move the published score until it is recomputed', () => {
    const state = foldProvider(afterPriceChange);
    expect(state.status === 'listed' && state.published?.score).toEqual(
      score(details({ medications: ['Semaglutide'] }), prices()),
    );
  });
});
