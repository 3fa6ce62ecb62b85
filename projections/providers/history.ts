/**
 * 'provider_history': per provider, each ladder medication's starting price over time and the
 * published Vial Score over time with its method version (domain/providers/history.ts says
 * when a point is added). One document per provider, kept through removal (a restored provider
 * keeps its history). Each document remembers the last stream revision it applied, so an event
 * applied twice (a replay after a crash) adds no second point.
 */
import { asProviderEvent, type ProviderEvent } from '../../domain/providers/events';
import {
  appendNewest,
  emptyHistory,
  pricePointAdded,
  withScore,
  type PricePoint,
  type ProviderHistory,
  type ScorePoint,
} from '../../domain/providers/history';
import type { ProviderPrices } from '../../domain/providers/provider';
import { priceTablesFromOffers } from '../../domain/providers/offer-tables';
import type { ProjectedEvent } from '../event-source';
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
 * The series after prices were set: withPrices's, or the same series when it adds no point
 * (withPrices then returns a copy of it, which a replay would make on every price change).
 */
function pricesAfter(
  series: PricePoint[],
  at: string,
  prices: Partial<ProviderPrices>,
): PricePoint[] {
  const point = pricePointAdded(series, at, prices);
  if (!point) return series;
  const next = [...series];
  appendNewest(next, point);
  return next;
}

/**
 * Applies one event to a document this projector made since its last flush (nothing else holds
 * it or its series): its series are changed in place, not copied (up to HISTORY_MAX_POINTS
 * points on every price change). False: an event applyHistory copies for.
 */
function applyToOwn(
  own: ProviderHistoryDoc,
  event: ProviderEvent,
  recorded: ProjectedEvent,
): boolean {
  const at = recorded.metadata.occurredAt;
  switch (event.type) {
    case 'ProviderPricesChanged': {
      const point = pricePointAdded(own.prices, at, event.data.prices);
      if (point) appendNewest(own.prices, point);
      break;
    }
    case 'VialScoreRecomputed':
      appendNewest(own.scores, {
        at,
        month: event.data.month,
        outOf5: event.data.score.outOf5,
        methodVersion: event.data.methodVersion ?? null,
      } satisfies ScorePoint);
      break;
    default:
      return false;
  }
  own.revision = recorded.revision;
  return true;
}

/** Applies one event to the provider's document (`own`: held, changed in place). */
function applyHistory(
  folded: Map<string, ProviderHistoryDoc>,
  own: ProviderHistoryDoc | undefined,
  doc: ProviderHistoryDoc,
  event: ProviderEvent,
  recorded: ProjectedEvent,
): void {
  if (doc.revision >= recorded.revision) return;
  const at = recorded.metadata.occurredAt;
  let { prices, scores } = doc;
  switch (event.type) {
    case 'ProviderListed':
    case 'ProviderDrafted':
    case 'ProviderRestored':
    case 'ProviderPricesChanged':
      prices = pricesAfter(prices, at, event.data.prices);
      break;
    case 'ProviderOffersChanged':
      prices = pricesAfter(prices, at, priceTablesFromOffers(event.data.offers));
      break;
    case 'VialScoreRecomputed':
      scores = withScore(scores, {
        at,
        month: event.data.month,
        outOf5: event.data.score.outOf5,
        methodVersion: event.data.methodVersion ?? null,
      });
      break;
    default:
      break;
  }
  if (own) {
    own.prices = prices;
    own.scores = scores;
    own.revision = recorded.revision;
  } else {
    const id = event.data.providerId;
    folded.set(id, { _id: id, prices, scores, revision: recorded.revision });
  }
}

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
  handle(recorded, ctx) {
    const event = asProviderEvent(recorded);
    if (!event || !(HISTORY_EVENT_TYPES as readonly string[]).includes(event.type)) return;
    const folded = pending.of(ctx);
    const id = event.data.providerId;
    /** Made by this projector since its last flush (nothing else holds it): changed in place. */
    const own = folded.get(id);
    // Synchronous when held (see Projector.handle); read from the store once per flush.
    if (own) {
      if (own.revision < recorded.revision && applyToOwn(own, event, recorded)) return;
      applyHistory(folded, own, own, event, recorded);
      return;
    }
    return (async () => {
      const stored = await ctx
        .collection<ProviderHistoryDoc>(PROVIDER_HISTORY_COLLECTION)
        .findOne({ _id: id });
      const doc = stored ?? { _id: id, ...emptyHistory(), revision: -1 };
      applyHistory(folded, undefined, doc, event, recorded);
    })();
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
