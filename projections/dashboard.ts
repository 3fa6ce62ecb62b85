/**
 * 'dashboard_counts': one document { _id: 'counts', providers, subscriptions, keywords, posts }.
 * Counts are recomputed from a membership collection ('dashboard_members', one document per
 * counted item) instead of being incremented, so applying an event twice cannot count twice.
 * Providers and subscriptions move for now; keywords and posts join the same way.
 */
import { asProviderEvent } from '../domain/provider/events';
import { asSubscriptionEvent } from '../domain/subscription/events';
import type { ProjectedEvent } from './event-source';
import type { Projector } from './projector';
import { COLLECTIONS, DASHBOARD_COUNTS_ID, type DashboardCountsDoc } from './views';

type Kind = 'provider' | 'subscription' | 'keyword' | 'post';
type MemberDoc = { _id: string; kind: Kind };

/** What an event does to the counted items: one joins or leaves; null for anything else. */
type Membership = { kind: Kind; id: string; counted: boolean };

function membership(recorded: ProjectedEvent): Membership | null {
  const provider = asProviderEvent(recorded);
  if (provider?.type === 'ProviderListed' || provider?.type === 'ProviderRemoved') {
    const counted = provider.type === 'ProviderListed';
    return { kind: 'provider', id: provider.data.providerId, counted };
  }
  const subscription = asSubscriptionEvent(recorded);
  if (subscription?.type === 'VisitorSubscribed') {
    return { kind: 'subscription', id: subscription.data.subscriptionId, counted: true };
  }
  return null;
}

export const dashboardProjector: Projector = {
  name: 'dashboard',
  collections: [COLLECTIONS.dashboardCounts, COLLECTIONS.dashboardMembers],
  async handle(recorded, ctx) {
    const change = membership(recorded);
    if (!change) return;
    const members = ctx.collection<MemberDoc>(COLLECTIONS.dashboardMembers);
    const memberId = `${change.kind}:${change.id}`;
    if (change.counted) await members.upsert({ _id: memberId, kind: change.kind });
    else await members.delete({ _id: memberId });

    const count = (kind: Kind) => members.count({ kind });
    const doc: DashboardCountsDoc = {
      _id: DASHBOARD_COUNTS_ID,
      providers: await count('provider'),
      subscriptions: await count('subscription'),
      keywords: await count('keyword'),
      posts: await count('post'),
    };
    await ctx.collection<DashboardCountsDoc>(COLLECTIONS.dashboardCounts).upsert(doc);
  },
};
