/**
 * The provider decider as Given(events) / When(command) / Then(events or error).
 */
import { describe, expect, it } from 'vitest';
import {
  foldProvider,
  providerDecider,
  type ProviderCommand,
} from '../../../domain/providers/decider';
import type { ProviderDetailsChanges, ProviderEvent } from '../../../domain/providers/events';
import {
  providerDetailsSchema,
  providerPricesSchema,
  type ProviderDetails,
  type ProviderDetailsInput,
  type ProviderPrices,
} from '../../../domain/providers/provider';
import { computeVialScore, VIAL_SCORE_METHOD_VERSION } from '../../../domain/providers/vial-score';
import { DecisionError } from '../../../domain/shared/decider';
import { DeciderSpecification } from '../../support/decider-specification';

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

/** Given these events, when the command is decided at NOW, then these events or this error. */
const { given } = DeciderSpecification.for(providerDecider, { now: NOW });

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

const detailsChanged = (
  changes: ProviderDetailsChanges,
  changedFields: string[],
): ProviderEvent => ({
  type: 'ProviderDetailsChanged',
  data: { providerId: ID, changes, changedFields },
});

const removed: ProviderEvent = {
  type: 'ProviderRemoved',
  data: { providerId: ID, name: 'Acme Health' },
};

describe('ListProvider', () => {
  it('given no history, lists the provider and publishes its first Vial Score', () => {
    const d = details({ states: ['CA', 'NY'], medications: ['Semaglutide'] });
    const p = prices({ semaglutide: { '0.25mg': 199 } });
    given([])
      .when({ type: 'ListProvider', providerId: ID, details: d, prices: p })
      .then([
        { type: 'ProviderListed', data: { providerId: ID, details: d, prices: p } },
        {
          type: 'VialScoreRecomputed',
          data: {
            providerId: ID,
            score: score(d, p),
            reason: 'listed',
            month: '2025-03',
            methodVersion: VIAL_SCORE_METHOD_VERSION,
          },
        },
      ]);
  });

  it('given no history, a featured provider is listed unfeatured and then featured', () => {
    const d = details({ featured: true });
    given([])
      .when({ type: 'ListProvider', providerId: ID, details: d, prices: prices() })
      .thenMatches([
        { type: 'ProviderListed', data: { details: { featured: false } } },
        { type: 'VialScoreRecomputed' },
        { type: 'ProviderFeatured' },
      ]);
  });

  it.each([
    ['already listed', listed(), 'provider_already_listed', 'Provider already exists'],
    ['removed', [...listed(), removed], 'provider_removed', 'Provider was removed'],
  ])('given the provider is %s, it is rejected', (_case, history, code, message) => {
    given(history)
      .when({ type: 'ListProvider', providerId: ID, details: details(), prices: prices() })
      .thenThrows(DecisionError, { code, message });
  });
});

describe('ChangeProviderDetails', () => {
  it('emits only the changed fields', () => {
    const next = details({ name: 'Acme Health Plus', description: 'Now nationwide' });
    given(listed())
      .when({ type: 'ChangeProviderDetails', providerId: ID, details: next })
      .then([
        detailsChanged({ name: 'Acme Health Plus', description: 'Now nationwide' }, [
          'name',
          'description',
        ]),
      ]);
  });

  it('reports card fields one by one and carries the whole new card', () => {
    const next = details({ card: { offerCode: 'SAVE20', features: ['Fast shipping'] } });
    given(listed())
      .when({ type: 'ChangeProviderDetails', providerId: ID, details: next })
      .then([detailsChanged({ card: next.card }, ['card.features', 'card.offerCode'])]);
  });

  it('emits nothing when nothing changed (states in another order are the same states)', () => {
    const history = listed(details({ states: ['CA', 'NY'] }));
    given(history)
      .when({
        type: 'ChangeProviderDetails',
        providerId: ID,
        details: details({ states: ['NY', 'CA'] }),
      })
      .thenNothingHappened();
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
    given([...listed(), ...extra])
      .when({ type: 'ChangeProviderDetails', providerId: ID, details: details({ featured }) })
      .then([{ type, data: { providerId: ID } } as ProviderEvent]);
  });

  it('a change of fields and of featured emits both', () => {
    given(listed())
      .when({
        type: 'ChangeProviderDetails',
        providerId: ID,
        details: details({ featured: true, googleScore: 4.5 }),
      })
      .thenMatches([
        { type: 'ProviderDetailsChanged', data: { changedFields: ['googleScore'] } },
        { type: 'ProviderFeatured' },
      ]);
  });

  it('applies earlier changes before diffing', () => {
    const history = [...listed(), detailsChanged({ name: 'Renamed' }, ['name'])];
    given(history)
      .when({
        type: 'ChangeProviderDetails',
        providerId: ID,
        details: details({ name: 'Renamed' }),
      })
      .thenNothingHappened();
  });
});

describe.each([
  ['ChangeProviderDetails', { type: 'ChangeProviderDetails', providerId: ID, details: details() }],
  ['ChangeProviderPrices', { type: 'ChangeProviderPrices', providerId: ID, prices: prices() }],
  ['RemoveProvider', { type: 'RemoveProvider', providerId: ID }],
  ['VerifyProviderPrices', { type: 'VerifyProviderPrices', providerId: ID }],
  ['RecomputeVialScore', { type: 'RecomputeVialScore', providerId: ID, reason: 'requested' }],
] as [string, ProviderCommand][])('%s on a provider that is not there', (_name, command) => {
  it("given no history, fails with 'Provider not found'", () => {
    given([])
      .when(command)
      .thenThrows(DecisionError, { code: 'provider_not_found', message: 'Provider not found' });
  });

  it("given a removed provider, fails with 'Provider was removed'", () => {
    given([...listed(), removed])
      .when(command)
      .thenThrows({ message: 'Provider was removed' });
  });
});

describe('ChangeProviderPrices', () => {
  it('emits the new tables when they differ', () => {
    const p = prices({ tirzepatide: { '2.5mg': 249 } });
    given(listed())
      .when({ type: 'ChangeProviderPrices', providerId: ID, prices: p })
      // `fields`: the tables that moved, so a concurrent save can merge by field (issue 27).
      .then([
        {
          type: 'ProviderPricesChanged',
          data: { providerId: ID, prices: p, fields: ['prices.tirzepatide'] },
        },
      ]);
  });

  it('emits nothing for the same tables with keys in another order', () => {
    const history = listed(details(), prices({ semaglutide: { '0.25mg': 199, '0.5mg': 249 } }));
    const same = prices({ semaglutide: { '0.5mg': 249, '0.25mg': 199 } });
    given(history)
      .when({ type: 'ChangeProviderPrices', providerId: ID, prices: same })
      .thenNothingHappened();
  });
});

describe("VerifyProviderPrices ('Prices verified')", () => {
  const verified = (at: Date = NOW): ProviderEvent => ({
    type: 'ProviderPricesVerified',
    data: { providerId: ID, verifiedAt: at.toISOString() },
  });

  it('given a listed provider, records that its prices were checked now', () => {
    given(listed(details(), prices({ semaglutide: { '0.25mg': 199 } })))
      .when({ type: 'VerifyProviderPrices', providerId: ID })
      .then([verified()]);
  });

  it('given an earlier verification, records the new one (each check is dated)', () => {
    given([...listed(), verified(new Date('2025-01-02T00:00:00.000Z'))])
      .when({ type: 'VerifyProviderPrices', providerId: ID })
      .then([verified()]);
  });

  it('changes no price: the tables folded after it are the ones entered', () => {
    const p = prices({ tirzepatide: { '2.5mg': 249 } });
    const state = foldProvider([...listed(details(), p), verified()]);
    expect(state.status === 'listed' && state.prices).toEqual(p);
  });
});

describe('RemoveProvider', () => {
  it('records the removal with the name at that time', () => {
    given(listed(details({ name: 'Acme' })))
      .when({ type: 'RemoveProvider', providerId: ID })
      .then([
        {
          type: 'ProviderRemoved',
          data: { providerId: ID, name: 'Acme', removedAt: NOW.toISOString() },
        },
      ]);
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
    given(afterPriceChange)
      .when({ type: 'RecomputeVialScore', providerId: ID, reason: 'requested' })
      .then([
        {
          type: 'VialScoreRecomputed',
          data: {
            providerId: ID,
            score: expected,
            reason: 'requested',
            month: '2025-03',
            methodVersion: VIAL_SCORE_METHOD_VERSION,
          },
        },
      ]);
  });

  it('a requested recomputation of an unchanged score emits nothing', () => {
    given(listed())
      .when({ type: 'RecomputeVialScore', providerId: ID, reason: 'requested' })
      .thenNothingHappened();
  });

  it('the monthly recomputation publishes an unchanged score once in a new month', () => {
    const april = new Date('2025-04-01T00:05:00.000Z');
    DeciderSpecification.for(providerDecider, { now: april })
      .given(listed())
      .when({ type: 'RecomputeVialScore', providerId: ID, reason: 'monthly' })
      .thenMatches([
        { type: 'VialScoreRecomputed', data: { reason: 'monthly', month: '2025-04' } },
      ]);
  });

  it('running the monthly recomputation twice in one month adds nothing the second time', () => {
    given(listed())
      .when({ type: 'RecomputeVialScore', providerId: ID, reason: 'monthly' })
      .thenNothingHappened();
  });

  it('edits do not move the published score until it is recomputed', () => {
    const state = foldProvider(afterPriceChange);
    expect(state.status === 'listed' && state.published?.score).toEqual(
      score(details({ medications: ['Semaglutide'] }), prices()),
    );
  });
});

describe('RestoreProvider (the trash)', () => {
  const removedAt = (daysAgo: number) =>
    new Date(NOW.getTime() - daysAgo * 24 * 60 * 60 * 1000).toISOString();
  const removedFromTrash = (daysAgo: number): ProviderEvent => ({
    type: 'ProviderRemoved',
    data: { providerId: ID, name: 'Acme Health', removedAt: removedAt(daysAgo) },
  });
  const restore: ProviderCommand = { type: 'RestoreProvider', providerId: ID };

  it('brings a provider removed 29 days ago back as it was', () => {
    const d = details({ states: ['CA'], trustpilotScore: 4.2 });
    const p = prices({ semaglutide: { '0.25mg': 199 } });
    given([...listed(d, p), removedFromTrash(29)])
      .when(restore)
      .then([{ type: 'ProviderRestored', data: { providerId: ID, details: d, prices: p } }]);
  });

  it('features it again when it was featured', () => {
    given([
      ...listed(),
      { type: 'ProviderFeatured', data: { providerId: ID } },
      removedFromTrash(1),
    ])
      .when(restore)
      .then([
        {
          type: 'ProviderRestored',
          data: { providerId: ID, details: details(), prices: prices() },
        },
        { type: 'ProviderFeatured', data: { providerId: ID } },
      ]);
  });

  it.each([
    ['removed 31 days ago', [...listed(), removedFromTrash(31)], 'provider_trash_expired'],
    [
      'removed before the trash existed (no removedAt)',
      [...listed(), removed],
      'provider_trash_expired',
    ],
    ['still listed', listed(), 'provider_not_removed'],
    ['never listed', [], 'provider_not_found'],
  ] as [string, ProviderEvent[], string][])('refuses a provider %s', (_case, history, code) => {
    given(history).when(restore).thenThrows(DecisionError, { code });
  });

  it('after a restore the provider can be edited and removed again', () => {
    const restored: ProviderEvent = {
      type: 'ProviderRestored',
      data: { providerId: ID, details: details(), prices: prices() },
    };
    const state = foldProvider([...listed(), removedFromTrash(2), restored]);
    expect(state.status).toBe('listed');
    given([...listed(), removedFromTrash(2), restored])
      .when({ type: 'SetProviderFeatured', providerId: ID, featured: true })
      .then([{ type: 'ProviderFeatured', data: { providerId: ID } }]);
  });
});

describe('SetProviderFeatured (bulk feature / unfeature)', () => {
  it.each([
    ['features a provider that is not featured', [], true, 'ProviderFeatured'],
    ['unfeatures a featured provider', [true], false, 'ProviderUnfeatured'],
  ] as [string, boolean[], boolean, 'ProviderFeatured' | 'ProviderUnfeatured'][])(
    '%s',
    (_case, featuredBefore, featured, type) => {
      const history = [
        ...listed(),
        ...featuredBefore.map((): ProviderEvent => ({
          type: 'ProviderFeatured',
          data: { providerId: ID },
        })),
      ];
      given(history)
        .when({ type: 'SetProviderFeatured', providerId: ID, featured })
        .then([{ type, data: { providerId: ID } }]);
    },
  );

  it('records nothing when it already is as asked', () => {
    given(listed()).when({ type: 'SetProviderFeatured', providerId: ID, featured: false }).then([]);
  });

  it("refuses a removed provider with 'Provider was removed'", () => {
    given([...listed(), removed])
      .when({ type: 'SetProviderFeatured', providerId: ID, featured: true })
      .thenThrows({ message: 'Provider was removed' });
  });
});
