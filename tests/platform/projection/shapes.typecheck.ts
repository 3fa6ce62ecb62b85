/**
 * Compile-time checks, run by `npm run typecheck` (tsc; vitest does not typecheck, so this is no
 * test file): the read-model documents are the API's response shapes, and the EventStore port
 * is what the runner consumes. projections/ cannot import api/ or commands/, so these keep the
 * restated shapes honest: when they diverge, the `true` below stops compiling.
 */
import type { AuditEntryView, DashboardCountsView } from '../../../api/contracts/back-office';
import type { AdminProviderView, ProviderCardView } from '../../../api/providers/contracts';
import type { EventStore } from '../../../commands/event-store/port';
import type { dashboardQueries } from '../../../projections/dashboard';
import type { EventSource } from '../../../projections/event-source';
import type { AdminProviderDoc, ProviderCardDoc } from '../../../projections/providers';
import type { AuditEntryDoc } from '../../../projections/views';

/** The named fields of a document type, without the Document index signature. */
type Fields<T> = { [K in keyof T as string extends K ? never : K]: T[K] };

/** true when A and B are the same type (each assignable to the other, optional fields alike). */
type Same<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** The dashboard's counts as the read side answers them (the counts document is internal). */
type DashboardCounts = Awaited<ReturnType<ReturnType<typeof dashboardQueries>['dashboardCounts']>>;

export const readModelsAreTheContracts: [
  Same<Fields<AdminProviderDoc>, Fields<AdminProviderView>>,
  Same<Fields<ProviderCardDoc>, Fields<ProviderCardView>>,
  Same<Fields<AuditEntryDoc>, Fields<AuditEntryView>>,
  Same<DashboardCounts, DashboardCountsView>,
] = [true, true, true, true];

export const eventStoreFeedsTheRunner: EventStore extends EventSource ? true : false = true;
