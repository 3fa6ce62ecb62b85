/** A provider slug's reservation (`providerslug-{slug}`): the shared reservation rule. */
import { describe, expect, it } from 'vitest';
import { providerSlugDecider } from '../../../domain/providers/decider';
import type { ProviderSlugEvent } from '../../../domain/providers/events';
import { DecisionError } from '../../../domain/shared/decider';
import type { ReservationCommand } from '../../../domain/shared/reservation';
import { DeciderSpecification } from '../../support/decider-specification';

const NOW = new Date('2025-03-14T10:00:00.000Z');
const { given } = DeciderSpecification.for(providerSlugDecider, { now: NOW });

const reserved = (providerId: string): ProviderSlugEvent => ({
  type: 'ProviderSlugReserved',
  data: { slug: 'acme-health', providerId },
});
const released = (providerId: string): ProviderSlugEvent => ({
  type: 'ProviderSlugReleased',
  data: { slug: 'acme-health', providerId },
});
const reserve = (ownerId: string): ReservationCommand => ({
  type: 'Reserve',
  key: 'acme-health',
  ownerId,
});
const release = (ownerId: string): ReservationCommand => ({
  type: 'Release',
  key: 'acme-health',
  ownerId,
  renamedTo: null,
});

describe('provider slug reservation', () => {
  it('Given a free slug, When a provider reserves it, Then it is reserved for that provider', () => {
    given([])
      .when(reserve('p-1'))
      .then([reserved('p-1')]);
  });

  it('Given a slug another provider holds, When a provider reserves it, Then it is refused naming the slug', () => {
    given([reserved('p-1')])
      .when(reserve('p-2'))
      .thenThrows(DecisionError, {
        code: 'provider_slug_taken',
        message: "A provider with the slug 'acme-health' already exists.",
      });
  });

  it('Given a slug the provider holds, When it reserves it again (a replayed create), Then nothing happens', () => {
    given([reserved('p-1')])
      .when(reserve('p-1'))
      .thenNothingHappened();
  });

  it('Given a released slug, When another provider reserves it, Then it is theirs', () => {
    given([reserved('p-1'), released('p-1')])
      .when(reserve('p-2'))
      .then([reserved('p-2')]);
  });

  it('Given a slug the provider holds, When it releases it (rename, removal), Then the slug is free', () => {
    given([reserved('p-1')])
      .when(release('p-1'))
      .then([released('p-1')]);
  });

  it('Given a slug another provider holds, or none, When a provider releases it, Then nothing happens', () => {
    given([reserved('p-2')])
      .when(release('p-1'))
      .thenNothingHappened();
    // A provider listed before reservations existed holds none: its rename releases nothing.
    given([]).when(release('p-1')).thenNothingHappened();
  });

  describe('undo (what a store without multi-stream transactions appends on a refusal)', () => {
    it('takes a reservation back with a release, and a release with a reservation', () => {
      expect(providerSlugDecider.undo(reserve('p-1'), [reserved('p-1')])).toEqual([
        released('p-1'),
      ]);
      expect(providerSlugDecider.undo(release('p-1'), [released('p-1')])).toEqual([
        reserved('p-1'),
      ]);
    });

    it('has nothing to take back from a decision that appended nothing', () => {
      expect(providerSlugDecider.undo(reserve('p-1'), [])).toEqual([]);
    });

    it('folds back to the state before the decision', () => {
      const before = [reserved('p-2'), released('p-2')];
      const state = (events: ProviderSlugEvent[]) =>
        events.reduce(providerSlugDecider.evolve, providerSlugDecider.initialState);
      const decided = providerSlugDecider.decide(reserve('p-1'), state(before), NOW);
      const undo = providerSlugDecider.undo(reserve('p-1'), decided);
      expect(state([...before, ...decided, ...undo])).toEqual(state(before));
    });
  });
});
