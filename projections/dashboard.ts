/**
 * 'dashboard_counts': one document { _id: 'counts', providers, subscriptions, keywords, posts }.
 * Counts are recomputed from a membership collection ('dashboard_members', one document per
 * counted item) instead of being incremented, so applying an event twice cannot count twice.
 * Only providers move for now; subscriptions, keywords and posts join the same way.
 */
import { asProviderEvent } from '../domain/provider/events';
import type { Projector } from './projector';
import { COLLECTIONS, DASHBOARD_COUNTS_ID, type DashboardCountsDoc } from './views';

type Kind = 'provider' | 'subscription' | 'keyword' | 'post';
type MemberDoc = { _id: string; kind: Kind };

export const dashboardProjector: Projector = {
  name: 'dashboard',
  collections: [COLLECTIONS.dashboardCounts, COLLECTIONS.dashboardMembers],
  async handle(recorded, ctx) {
    const event = asProviderEvent(recorded);
    if (event?.type !== 'ProviderListed' && event?.type !== 'ProviderRemoved') return;
    const members = ctx.collection<MemberDoc>(COLLECTIONS.dashboardMembers);
    const memberId = `provider:${event.data.providerId}`;
    if (event.type === 'ProviderListed') await members.upsert({ _id: memberId, kind: 'provider' });
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
