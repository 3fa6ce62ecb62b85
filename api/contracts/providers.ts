/**
 * Request and response shapes shared by the API and the web app (web/ may import this folder).
 * Read models are stored in these shapes, so a query returns them without reshaping.
 */
import type { ProviderDetails, ProviderPrices } from '../../domain/provider/provider';
import type { VialScore as VialScoreView } from '../../domain/rules/vial-score';

/** A vial score with its public (out of 5) and back-office (out of 10) forms and band word. */
export type { VialScore as VialScoreView } from '../../domain/rules/vial-score';

/** One provider card of the public ranking (home page, city pages). */
export type { ProviderCard as ProviderCardView } from '../../domain/rules/provider-card';

/** One provider in the back-office list, with everything the edit form needs. */
export interface AdminProviderView extends ProviderDetails {
  _id: string;
  prices: ProviderPrices;
  /** The published score (the last monthly or requested recomputation). */
  vialScore: VialScoreView;
  /** The score the current data would give at the next recomputation. */
  pendingVialScore: VialScoreView;
  /** Stream revision, sent back with an edit for optimistic concurrency. */
  revision: number;
  createdAt: string;
  updatedAt: string;
}

export interface DashboardCountsView {
  providers: number;
  subscriptions: number;
  keywords: number;
  posts: number;
}

/** One line of the audit history: who did what, when, to which item, with the changed fields. */
export interface AuditEntryView {
  _id: string;
  position: string;
  occurredAt: string;
  actor: { kind: 'admin' | 'visitor' | 'system'; id: string; email?: string };
  eventType: string;
  summary: string;
  subject: { kind: string; id: string; name: string };
  changedFields: string[];
}

/** Every command response: the position the client can wait for (read-your-writes). */
export interface CommandResult {
  id: string;
  revision: number;
  position: string;
}

/** Every error response. `fields` maps a field path to its message (400s). */
export interface ApiError {
  error: string;
  fields?: Record<string, string>;
}
