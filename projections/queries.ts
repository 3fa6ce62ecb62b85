/**
 * The read side's questions, over any ReadStore. Public pages and admin lists read only these.
 * Documents come back in the API's response shapes (api/contracts/providers.ts).
 */
import { normaliseEmail } from '../domain/admin/events';
import type { ReadStore } from './read-store/port';
import {
  ADMIN_SETUP_ID,
  COLLECTIONS,
  DASHBOARD_COUNTS_ID,
  type AdminProviderDoc,
  type AdminSetupDoc,
  type AdminUserDoc,
  type AuditEntryDoc,
  type DashboardCountsDoc,
  type ProviderCardDoc,
  type SubscriptionDoc,
} from './views';

export interface AuditLogQuery {
  /** Only entries about this item (provider id, admin id). */
  subjectId?: string;
  /** Newest first; default 50, at most 500. */
  limit?: number;
}

export type SetupState = Omit<AdminSetupDoc, '_id'>;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function createQueries(store: ReadStore) {
  return {
    /** The public ranking: featured providers, best first. */
    featuredProviderCards(): Promise<ProviderCardDoc[]> {
      return store.collection<ProviderCardDoc>(COLLECTIONS.ranking).find({}, { sort: { rank: 1 } });
    },

    /** Back-office list, newest first; `search` matches name or description, any case. */
    adminProviders(search?: string): Promise<AdminProviderDoc[]> {
      const term = search?.trim();
      const filter = term
        ? {
            $or: ['name', 'description'].map((field) => ({
              [field]: { $regex: escapeRegex(term), $options: 'i' },
            })),
          }
        : {};
      return store
        .collection<AdminProviderDoc>(COLLECTIONS.adminProviders)
        .find(filter, { sort: { createdAt: -1, _id: 1 } });
    },

    adminProvider(id: string): Promise<AdminProviderDoc | null> {
      return store.collection<AdminProviderDoc>(COLLECTIONS.adminProviders).findOne({ _id: id });
    },

    async dashboardCounts(): Promise<Omit<DashboardCountsDoc, '_id'>> {
      const doc = await store
        .collection<DashboardCountsDoc>(COLLECTIONS.dashboardCounts)
        .findOne({ _id: DASHBOARD_COUNTS_ID });
      return {
        providers: doc?.providers ?? 0,
        subscriptions: doc?.subscriptions ?? 0,
        keywords: doc?.keywords ?? 0,
        posts: doc?.posts ?? 0,
      };
    },

    /** Newest first (by global position). */
    auditLog({ subjectId, limit = 50 }: AuditLogQuery = {}): Promise<AuditEntryDoc[]> {
      return store
        .collection<AuditEntryDoc>(COLLECTIONS.auditLog)
        .find(subjectId ? { 'subject.id': subjectId } : {}, {
          sort: { sortKey: -1 },
          limit: Math.max(1, Math.min(limit, 500)),
          projection: { sortKey: 0 },
        });
    },

    /**
     * Newsletter subscribers for the back office, newest first (spec: subscribed_at
     * descending; the same instant in the order they were recorded).
     */
    subscriptions(): Promise<SubscriptionDoc[]> {
      return store
        .collection<SubscriptionDoc>(COLLECTIONS.subscriptions)
        .find({}, { sort: { subscribedAt: -1, sortKey: -1 }, projection: { sortKey: 0 } });
    },

    subscriptionCount(): Promise<number> {
      return store.collection<SubscriptionDoc>(COLLECTIONS.subscriptions).count({});
    },

    /** For the login check: includes the password hash. Never send it to a browser. */
    adminUserByEmail(email: string): Promise<AdminUserDoc | null> {
      return store
        .collection<AdminUserDoc>(COLLECTIONS.adminUsers)
        .findOne({ email: normaliseEmail(email) });
    },

    adminUser(adminId: string): Promise<AdminUserDoc | null> {
      return store.collection<AdminUserDoc>(COLLECTIONS.adminUsers).findOne({ _id: adminId });
    },

    /** Active administrators. */
    adminCount(): Promise<number> {
      return store.collection<AdminUserDoc>(COLLECTIONS.adminUsers).count({ active: true });
    },

    async setupState(): Promise<SetupState> {
      const doc = await store
        .collection<AdminSetupDoc>(COLLECTIONS.adminSetup)
        .findOne({ _id: ADMIN_SETUP_ID });
      if (!doc) {
        return {
          status: 'not_started',
          tokenHash: null,
          expiresAt: null,
          completedAt: null,
          adminId: null,
        };
      }
      const { _id, ...state } = doc;
      return state;
    },
  };
}

export type Queries = ReturnType<typeof createQueries>;
