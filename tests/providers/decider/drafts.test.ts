/**
 * Draft providers (issue 27) as Given(events) / When(command) / Then(events or error): a
 * submission accepted lists a draft, which is on no public page until an administrator
 * publishes it; a draft is edited and deleted like any provider. History older than drafts
 * (ProviderListed) is published.
 */
import { describe, expect, it } from 'vitest';
import {
  foldProvider,
  providerDecider,
  PROVIDER_ERROR_MESSAGES,
} from '../../../domain/providers/decider';
import type { ProviderEvent } from '../../../domain/providers/events';
import {
  providerDetailsSchema,
  providerPricesSchema,
  type ProviderDetails,
  type ProviderPrices,
} from '../../../domain/providers/provider';
import { computeVialScore, VIAL_SCORE_METHOD_VERSION } from '../../../domain/providers/vial-score';
import { DecisionError } from '../../../domain/shared/decider';
import { DeciderSpecification } from '../../support/decider-specification';

const NOW = new Date('2026-11-26T10:00:00.000Z');
const ID = 'sub-1';

const details: ProviderDetails = providerDetailsSchema.parse({
  name: 'Northwind Clinic',
  websiteUrl: 'https://northwind.example',
  states: ['CA'],
  medications: ['Semaglutide'],
});
const prices: ProviderPrices = providerPricesSchema.parse({ semaglutide: { '0.25mg': 199 } });

const { given } = DeciderSpecification.for(providerDecider, { now: NOW });

const drafted: ProviderEvent = {
  type: 'ProviderDrafted',
  data: { providerId: ID, details, prices },
};
const published: ProviderEvent = { type: 'ProviderPublished', data: { providerId: ID } };

describe('ListProvider as a draft', () => {
  it('given no history, lists a draft: no score and not featured until it is published', () => {
    given([])
      .when({
        type: 'ListProvider',
        providerId: ID,
        details: { ...details, featured: true },
        prices,
        draft: true,
      })
      .then([drafted]);
  });

  it('given a draft, refuses a second listing of the same id (a retried Accept goes on)', () => {
    given([drafted])
      .when({ type: 'ListProvider', providerId: ID, details, prices, draft: true })
      .thenThrows(DecisionError, { code: 'provider_already_listed' });
  });

  it('folds to a listed provider marked as a draft, with no published score', () => {
    const state = foldProvider([drafted]);
    expect(state).toMatchObject({ status: 'listed', draft: true, published: null });
  });
});

describe('PublishProvider', () => {
  it('given a draft, publishes it with its first Vial Score from the data as reviewed', () => {
    const renamed = { ...details, name: 'Northwind Health' };
    given([
      drafted,
      {
        type: 'ProviderDetailsChanged',
        data: { providerId: ID, changes: { name: renamed.name }, changedFields: ['name'] },
      },
    ])
      .when({ type: 'PublishProvider', providerId: ID })
      .then([
        published,
        {
          type: 'VialScoreRecomputed',
          data: {
            providerId: ID,
            score: computeVialScore({ ...renamed, prices }),
            reason: 'listed',
            month: '2026-11',
            methodVersion: VIAL_SCORE_METHOD_VERSION,
          },
        },
      ]);
  });

  it('given a published draft, refuses to publish it again', () => {
    given([drafted, published])
      .when({ type: 'PublishProvider', providerId: ID })
      .thenThrows(DecisionError, {
        code: 'provider_not_draft',
        message: 'This provider is already published.',
      });
  });

  it('given a provider listed before drafts existed, says it is already published', () => {
    given([{ type: 'ProviderListed', data: { providerId: ID, details, prices } }])
      .when({ type: 'PublishProvider', providerId: ID })
      .thenThrows(DecisionError, { code: 'provider_not_draft' });
  });

  it('given no provider, answers not found', () => {
    given([])
      .when({ type: 'PublishProvider', providerId: ID })
      .thenThrows(DecisionError, { code: 'provider_not_found' });
  });

  it('given a deleted draft, answers that it was removed', () => {
    given([
      drafted,
      {
        type: 'ProviderRemoved',
        data: { providerId: ID, name: details.name, removedAt: NOW.toISOString(), draft: true },
      },
    ])
      .when({ type: 'PublishProvider', providerId: ID })
      .thenThrows(DecisionError, { code: 'provider_removed' });
  });

  it('leaves a provider that is no longer a draft once folded', () => {
    expect(foldProvider([drafted, published])).not.toHaveProperty('draft');
  });
});

describe('editing a draft', () => {
  it('records a details change as for any provider', () => {
    given([drafted])
      .when({
        type: 'ChangeProviderDetails',
        providerId: ID,
        details: { ...details, description: 'Telehealth across California.' },
      })
      .thenMatches([
        {
          type: 'ProviderDetailsChanged',
          data: {
            providerId: ID,
            changes: { description: 'Telehealth across California.' },
            changedFields: ['description'],
          },
        },
      ]);
  });

  it('records a price change as for any provider', () => {
    const next = providerPricesSchema.parse({ semaglutide: { '0.25mg': 149 } });
    given([drafted])
      .when({ type: 'ChangeProviderPrices', providerId: ID, prices: next })
      .thenMatches([{ type: 'ProviderPricesChanged', data: { providerId: ID, prices: next } }]);
  });

  it('passes a draft by in the monthly recomputation: its score is published with it', () => {
    given([drafted])
      .when({ type: 'RecomputeVialScore', providerId: ID, reason: 'monthly' })
      .thenNothingHappened();
  });

  it("refuses 'Recompute now' on a draft, saying when its score is published", () => {
    given([drafted])
      .when({ type: 'RecomputeVialScore', providerId: ID, reason: 'requested' })
      .thenThrows(DecisionError, {
        code: 'provider_draft_unscored',
        message: PROVIDER_ERROR_MESSAGES.provider_draft_unscored,
      });
  });
});

describe('deleting a draft', () => {
  it('moves it to the trash marked as a draft (it was never public)', () => {
    given([drafted])
      .when({ type: 'RemoveProvider', providerId: ID })
      .then([
        {
          type: 'ProviderRemoved',
          data: { providerId: ID, name: details.name, removedAt: NOW.toISOString(), draft: true },
        },
      ]);
  });

  it('restores it from the trash as a draft, still on no public page', () => {
    const removedAt = new Date(NOW.getTime() - 24 * 60 * 60 * 1000).toISOString();
    given([
      drafted,
      {
        type: 'ProviderRemoved',
        data: { providerId: ID, name: details.name, removedAt, draft: true },
      },
    ])
      .when({ type: 'RestoreProvider', providerId: ID })
      .then([
        {
          type: 'ProviderRestored',
          data: { providerId: ID, details: { ...details, featured: false }, prices, draft: true },
        },
      ]);
  });

  it('marks nothing as a draft when a published provider is deleted', () => {
    given([drafted, published])
      .when({ type: 'RemoveProvider', providerId: ID })
      .then([
        {
          type: 'ProviderRemoved',
          data: { providerId: ID, name: details.name, removedAt: NOW.toISOString() },
        },
      ]);
  });
});
