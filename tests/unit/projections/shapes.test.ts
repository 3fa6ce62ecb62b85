/**
 * Compile-time checks (run by `tsc --noEmit`): the read-model documents are the API's
 * response shapes, and the EventStore port is what the runner consumes. projections/ cannot
 * import api/ or commands/, so these keep the restated shapes honest.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type {
  AdminProviderView,
  AuditEntryView,
  DashboardCountsView,
  ProviderCardView,
} from '../../../api/contracts/providers';
import type { EventStore } from '../../../commands/event-store/port';
import type { EventSource } from '../../../projections/event-source';
import type {
  AdminProviderDoc,
  AuditEntryDoc,
  DashboardCountsDoc,
  ProviderCardDoc,
} from '../../../projections/views';

/** The named fields of a document type, without the Document index signature. */
type Fields<T> = { [K in keyof T as string extends K ? never : K]: T[K] };

describe('read-model shapes', () => {
  it('match the API contracts', () => {
    expectTypeOf<Fields<AdminProviderDoc>>().toEqualTypeOf<Fields<AdminProviderView>>();
    expectTypeOf<Fields<ProviderCardDoc>>().toEqualTypeOf<Fields<ProviderCardView>>();
    expectTypeOf<Omit<Fields<AuditEntryDoc>, 'sortKey'>>().toEqualTypeOf<Fields<AuditEntryView>>();
    expectTypeOf<Omit<Fields<DashboardCountsDoc>, '_id'>>().toEqualTypeOf<DashboardCountsView>();
  });

  it('the event store port can feed the runner', () => {
    expectTypeOf<EventStore>().toExtend<EventSource>();
  });
});
