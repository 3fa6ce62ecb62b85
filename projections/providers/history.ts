/**
 * 'provider_history': per provider, each ladder medication's starting price over time and the
 * published Vial Score over time with its method version (domain/providers/history.ts says
 * when a point is added). One document per provider, kept through removal (a restored provider
 * keeps its history). Each document remembers the last stream revision it applied, so an event
 * applied twice (a replay after a crash) adds no second point.
 */
import { asProviderEvent } from '../../domain/providers/events';
import {
  emptyHistory,
  withPrices,
  withScore,
  type ProviderHistory,
} from '../../domain/providers/history';
import { priceTablesFromOffers } from '../../domain/providers/offer-tables';
import { perContext, type Projector } from '../projector';
import type { Document, ReadStore } from '../read-store/port';

export const PROVIDER_HISTORY_COLLECTION = 'provider_history';

export type ProviderHistoryDoc = Document & ProviderHistory & { revision: number };

/**
 * The events that add a point. Only these are read: the others (details edits, most of a
 * provider's events) would copy the whole document to leave it as it was.
 */
const HISTORY_EVENT_TYPES = [
  'ProviderListed',
  // A draft's prices as entered: the series starts there, shown once it is published.
  'ProviderDrafted',
  'ProviderRestored',
  'ProviderPricesChanged',
  // Once entered, the offers are the prices: their per-dose tables make the points.
  'ProviderOffersChanged',
  'VialScoreRecomputed',
] as const;

/**
 * The documents as the events left them, per context until `flush` (a replay reads and writes
 * each provider's history once per flush instead of copying it on each of its price changes).
 */
const pending = perContext(() => new Map<string, ProviderHistoryDoc>());

export const providerHistoryProjector: Projector = {
  name: 'provider-history',
  version: 1,
  eventTypes: HISTORY_EVENT_TYPES,
  collections: [PROVIDER_HISTORY_COLLECTION],
  async handle(recorded, ctx) {
    const event = asProviderEvent(recorded);
    if (!event || !(HISTORY_EVENT_TYPES as readonly string[]).includes(event.type)) return;
    const at = recorded.metadata.occurredAt;
    const folded = pending.of(ctx);
    const id = event.data.providerId;
    const doc = folded.get(id) ??
      (await ctx
        .collection<ProviderHistoryDoc>(PROVIDER_HISTORY_COLLECTION)
        .findOne({ _id: id })) ?? {
        _id: id,
        ...emptyHistory(),
        revision: -1,
      };
    if (doc.revision >= recorded.revision) return;
    let next: ProviderHistory = { prices: doc.prices, scores: doc.scores };
    switch (event.type) {
      case 'ProviderListed':
      case 'ProviderDrafted':
      case 'ProviderRestored':
      case 'ProviderPricesChanged':
        next = { ...next, prices: withPrices(next.prices, at, event.data.prices) };
        break;
      case 'ProviderOffersChanged':
        next = {
          ...next,
          prices: withPrices(next.prices, at, priceTablesFromOffers(event.data.offers)),
        };
        break;
      case 'VialScoreRecomputed':
        next = {
          ...next,
          scores: withScore(next.scores, {
            at,
            month: event.data.month,
            outOf5: event.data.score.outOf5,
            methodVersion: event.data.methodVersion ?? null,
          }),
        };
        break;
      default:
        break;
    }
    folded.set(id, { _id: id, ...next, revision: recorded.revision });
  },
  async flush(ctx) {
    const folded = pending.take(ctx);
    if (!folded || folded.size === 0) return;
    await ctx.collection<ProviderHistoryDoc>(PROVIDER_HISTORY_COLLECTION).bulkWrite(
      [...folded.values()].map((doc) => ({ kind: 'upsert' as const, doc })),
      {
        handOver: true,
      },
    );
  },
};

export function providerHistoryQueries(store: ReadStore) {
  return {
    /** The provider's series; empty when it has none. */
    async providerHistory(providerId: string): Promise<ProviderHistory> {
      const doc = await store
        .collection<ProviderHistoryDoc>(PROVIDER_HISTORY_COLLECTION)
        .findOne({ _id: providerId });
      return doc ? { prices: doc.prices, scores: doc.scores } : emptyHistory();
    },
  };
}
