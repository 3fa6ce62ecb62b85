/**
 * The documents the read models hold. They are the API's response shapes
 * (api/contracts/providers.ts), restated from domain types because projections/ may not
 * import api/; tests/unit/projections/shapes.test.ts checks the two stay the same.
 */
import type { Document } from './read-store/port';
import type { ProviderDetails, ProviderPrices, ProviderRecord } from '../domain/provider/provider';
import type { ProviderCard } from '../domain/rules/provider-card';
import type { VialScore } from '../domain/rules/vial-score';

export const COLLECTIONS = {
  providers: 'providers',
  adminProviders: 'admin_providers',
  ranking: 'public_provider_ranking',
  dashboardCounts: 'dashboard_counts',
  dashboardMembers: 'dashboard_members',
  auditLog: 'audit_log',
  auditSubjects: 'audit_subjects',
  adminUsers: 'admin_users',
  adminSetup: 'admin_setup',
  subscriptions: 'subscriptions',
} as const;

/** Everything known about a listed provider (removed providers are deleted). */
export type ProviderDoc = Document &
  ProviderRecord & {
    /** The last VialScoreRecomputed: what visitors see until the next recomputation. */
    publishedVialScore: VialScore | null;
    vialScoreMonth: string | null;
    revision: number;
  };

/** AdminProviderView: the back-office list and edit form. */
export type AdminProviderDoc = Document &
  ProviderDetails & {
    prices: ProviderPrices;
    /** The published score. */
    vialScore: VialScore;
    /** The score the current data would give at the next recomputation. */
    pendingVialScore: VialScore;
    revision: number;
    createdAt: string;
    updatedAt: string;
  };

/** ProviderCardView: one card of the public ranking of featured providers. */
export type ProviderCardDoc = Document & ProviderCard;

export const DASHBOARD_COUNTS_ID = 'counts';
export type DashboardCountsDoc = Document & {
  providers: number;
  subscriptions: number;
  keywords: number;
  posts: number;
};

/** AuditEntryView; `_id` is the event id. */
export type AuditEntryDoc = Document & {
  position: string;
  occurredAt: string;
  actor: { kind: 'admin' | 'visitor' | 'system'; id: string; email?: string };
  eventType: string;
  summary: string;
  subject: { kind: string; id: string; name: string };
  changedFields: string[];
  /** The position zero-padded, so text order is event order (not returned by queries). */
  sortKey?: string;
};

/** Positions are decimal strings of any length; padded they sort as text in any store. */
export const positionSortKey = (position: bigint): string => position.toString().padStart(40, '0');

/** `_id` is the admin id. Holds the password hash: for the login check only, never sent out. */
export type AdminUserDoc = Document & {
  email: string;
  passwordHash: string;
  active: boolean;
  createdAt: string;
  streamId: string;
};

export const ADMIN_SETUP_ID = 'setup';
export type AdminSetupDoc = Document & {
  status: 'not_started' | 'issued' | 'completed';
  tokenHash: string | null;
  expiresAt: string | null;
  completedAt: string | null;
  adminId: string | null;
};

/**
 * SubscriptionView: one newsletter subscriber for the back office. `_id` is the subscription
 * id (the sha256 of the e-mail, as in the stream name `subscription-{id}`).
 */
export type SubscriptionDoc = Document & {
  /** Lowercase, trimmed. */
  email: string;
  /** The event's occurredAt. */
  subscribedAt: string;
  /** Who subscribed it: a visitor through the public form, an administrator, or the system. */
  source: 'visitor' | 'admin' | 'system';
  /** positionSortKey: breaks subscribedAt ties in log order (not returned by queries). */
  sortKey?: string;
};
