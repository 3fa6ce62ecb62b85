/**
 * Compile-time checks (run by `tsc --noEmit`): the read-model documents are the API's
 * response shapes, and the EventStore port is what the runner consumes. projections/ cannot
 * import api/ or commands/, so these keep the restated shapes honest.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { AuditEntryView, DashboardCountsView } from '../../../api/contracts/back-office';
import type { AdminProviderView, ProviderCardView } from '../../../api/providers/contracts';
import type { EventStore } from '../../../commands/event-store/port';
import type { dashboardQueries } from '../../../projections/dashboard';
import type { EventSource } from '../../../projections/event-source';
import type { AdminProviderDoc, ProviderCardDoc } from '../../../projections/providers';
import type { AuditEntryDoc } from '../../../projections/views';

/** The named fields of a document type, without the Document index signature. */
type Fields<T> = { [K in keyof T as string extends K ? never : K]: T[K] };

/** The dashboard's counts as the read side answers them (the counts document is internal). */
type DashboardCounts = Awaited<ReturnType<ReturnType<typeof dashboardQueries>['dashboardCounts']>>;

describe('read-model shapes', () => {
  it('match the API contracts', () => {
    expectTypeOf<Fields<AdminProviderDoc>>().toEqualTypeOf<Fields<AdminProviderView>>();
    expectTypeOf<Fields<ProviderCardDoc>>().toEqualTypeOf<Fields<ProviderCardView>>();
    expectTypeOf<Fields<AuditEntryDoc>>().toEqualTypeOf<Fields<AuditEntryView>>();
    expectTypeOf<DashboardCounts>().toEqualTypeOf<DashboardCountsView>();
  });

  it('the event store port can feed the runner', () => {
    expectTypeOf<EventStore>().toExtend<EventSource>();
  });
});
