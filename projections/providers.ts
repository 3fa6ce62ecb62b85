/**
 * The provider read models, kept by one projector so they move together:
 * - 'providers': the full record with its published Vial Score and stream revision;
 * - 'admin_providers': the back-office view, with the published and the pending score;
 * - 'public_provider_ranking': the cards of the featured providers, recomputed from all
 *   records on every provider event (the set is small).
 */
import { asProviderEvent, type ProviderEvent } from '../domain/provider/events';
import { computeVialScore } from '../domain/rules/vial-score';
import type { ProjectedEvent } from './event-source';
import type { ProjectionContext, Projector } from './projector';
import { rankWithPublishedScores } from './ranking';
import {
  COLLECTIONS,
  type AdminProviderDoc,
  type ProviderCardDoc,
  type ProviderDoc,
} from './views';

/** The next record, or null when the provider is gone. */
function applyToRecord(
  doc: ProviderDoc | null,
  event: ProviderEvent,
  recorded: ProjectedEvent,
): ProviderDoc | null {
  const at = recorded.metadata.occurredAt;
  const revision = recorded.revision;
  if (event.type === 'ProviderListed') {
    const { providerId, details, prices } = event.data;
    return {
      ...details,
      featured: false,
      _id: providerId,
      id: providerId,
      prices,
      createdAt: at,
      updatedAt: at,
      publishedVialScore: null,
      vialScoreMonth: null,
      revision,
    };
  }
  if (event.type === 'ProviderRemoved' || doc === null) return null;
  switch (event.type) {
    case 'ProviderDetailsChanged':
      return { ...doc, ...event.data.changes, updatedAt: at, revision };
    case 'ProviderPricesChanged':
      return { ...doc, prices: event.data.prices, updatedAt: at, revision };
    case 'ProviderFeatured':
      return { ...doc, featured: true, updatedAt: at, revision };
    case 'ProviderUnfeatured':
      return { ...doc, featured: false, updatedAt: at, revision };
    case 'VialScoreRecomputed':
      // A recomputation is not an edit: updatedAt stays.
      return {
        ...doc,
        publishedVialScore: event.data.score,
        vialScoreMonth: event.data.month,
        revision,
      };
  }
}

export function adminProviderView(doc: ProviderDoc): AdminProviderDoc {
  const { id: _recordId, publishedVialScore, vialScoreMonth: _month, ...rest } = doc;
  const pending = computeVialScore(doc);
  return {
    ...rest,
    _id: doc._id,
    vialScore: publishedVialScore ?? pending,
    pendingVialScore: pending,
  };
}

async function refreshRanking(ctx: ProjectionContext): Promise<void> {
  const featured = await ctx
    .collection<ProviderDoc>(COLLECTIONS.providers)
    .find({ featured: true });
  const cards = rankWithPublishedScores(
    featured.map((doc) => ({ record: doc, published: doc.publishedVialScore })),
  ) as ProviderCardDoc[];
  const ranking = ctx.collection<ProviderCardDoc>(COLLECTIONS.ranking);
  // Upsert first, then drop the cards no longer ranked: readers never see an empty list.
  await ranking.bulkWrite([
    ...cards.map((doc) => ({ kind: 'upsert' as const, doc })),
    { kind: 'delete', filter: { _id: { $nin: cards.map((c) => c._id) } } },
  ]);
}

export const providersProjector: Projector = {
  name: 'providers',
  collections: [COLLECTIONS.providers, COLLECTIONS.adminProviders, COLLECTIONS.ranking],
  async handle(recorded, ctx) {
    const event = asProviderEvent(recorded);
    if (!event) return;
    const providers = ctx.collection<ProviderDoc>(COLLECTIONS.providers);
    const admin = ctx.collection<AdminProviderDoc>(COLLECTIONS.adminProviders);
    const id = event.data.providerId;
    const current = await providers.findOne({ _id: id });
    // Already applied (a replay after a crash, or onto a kept collection): nothing to do.
    if (current && current.revision >= recorded.revision) return;
    const next = applyToRecord(current, event, recorded);
    if (next) {
      await providers.upsert(next);
      await admin.upsert(adminProviderView(next));
    } else {
      await providers.delete({ _id: id });
      await admin.delete({ _id: id });
    }
    await refreshRanking(ctx);
  },
};
