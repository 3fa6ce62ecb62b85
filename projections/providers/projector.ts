/**
 * The provider read models, kept by one projector so they move together:
 * - 'providers': the full record with its published Vial Score and stream revision;
 * - 'admin_providers': the back-office view, with the published and the pending score;
 * - 'public_provider_ranking': the cards of the featured providers, recomputed from the
 *   featured records (the set is small) after an event on a provider that was or is featured.
 *
 * `handle` only computes the next record; `flush` writes the records, their admin views and
 * the ranking: after each event in the runner, after a run of pages in a rebuild. The record
 * is written last: its revision says the event was applied, so a crash before it leaves the
 * event to be applied again in full.
 */
import { isDeepStrictEqual } from 'node:util';
import {
  PROVIDER_EVENT_TYPES,
  asProviderEvent,
  type ProviderEvent,
} from '../../domain/providers/events';
import { computeVialScore } from '../../domain/providers/vial-score';
import { factsChecked } from '../../domain/providers/decider';
import { type ProviderFacts } from '../../domain/providers/offers';
import { NO_PROVIDER_FACTS, priceTablesFromOffers } from '../../domain/providers/offer-tables';
import type { ProviderPrices } from '../../domain/providers/provider';
import type { ProjectedEvent } from '../event-source';
import { perContext, type ProjectionContext, type Projector } from '../projector';
import type { BulkOperation } from '../read-store/port';
import { rankWithPublishedScores } from './ranking';
import { pricedCollection } from './stored-prices';
import {
  PROVIDER_COLLECTIONS,
  PUBLIC_PROVIDERS,
  type AdminProviderDoc,
  type ProviderCardDoc,
  type ProviderDoc,
  type TrashedProviderDoc,
} from './views';

/**
 * The next record, or null when the provider is gone (`trashed`: as it was when removed).
 * Exported for the read models of other capabilities that keep their own copy of the records
 * (projections/cities).
 */
export function applyToRecord(
  doc: ProviderDoc | null,
  event: ProviderEvent,
  recorded: ProjectedEvent,
  trashed: ProviderDoc | null,
): ProviderDoc | null {
  const at = recorded.metadata.occurredAt;
  const revision = recorded.revision;
  if (event.type === 'ProviderRestored') {
    const { providerId, details, prices, draft } = event.data;
    const { draft: _wasDraft, ...kept } = trashed ?? {};
    return {
      publishedVialScore: null,
      vialScoreMonth: null,
      createdAt: at,
      pricesCheckedAt: null,
      ...kept,
      ...details,
      featured: false,
      _id: providerId,
      id: providerId,
      prices,
      updatedAt: at,
      revision,
      // The event says whether it comes back as a draft (the trash may be a rebuild's copy).
      ...(draft ? { draft } : {}),
    };
  }
  if (event.type === 'ProviderListed' || event.type === 'ProviderDrafted') {
    const { providerId, details, prices } = event.data;
    return {
      ...details,
      featured: false,
      _id: providerId,
      id: providerId,
      prices,
      createdAt: at,
      updatedAt: at,
      // Prices entered at listing were checked then; a listing without prices checked nothing.
      pricesCheckedAt: hasAnyPrice(prices) ? at : null,
      publishedVialScore: null,
      vialScoreMonth: null,
      revision,
      ...(event.type === 'ProviderDrafted' ? { draft: true as const } : {}),
    };
  }
  if (event.type === 'ProviderRemoved' || doc === null) return null;
  switch (event.type) {
    case 'ProviderDetailsChanged':
    case 'ProviderPricesChanged':
    case 'ProviderPricesVerified':
    case 'ProviderFeatured':
    case 'ProviderUnfeatured':
    case 'VialScoreRecomputed':
      return { ...doc, ...fieldsSetBy(event, at, revision) };
    case 'ProviderPublished': {
      const { draft: _draft, ...published } = doc;
      return { ...published, updatedAt: at, revision };
    }
    case 'ProviderOffersChanged': {
      const { offers } = event.data;
      // The lists, cards and calculator keep reading per-dose tables: derived from the offers.
      const prices = priceTablesFromOffers(offers);
      // Entering prices is checking them, as with ProviderPricesChanged; demo offers were
      // checked by nobody, so they carry no date (never the seeding day).
      const facts = { ...factsOf(doc), offers };
      const pricesCheckedAt = offers.every((offer) => offer.checked.demo === true) ? null : at;
      return { ...doc, facts, prices, pricesCheckedAt, ...entered(at, revision) };
    }
    case 'ProviderFeesChanged':
      return {
        ...doc,
        facts: { ...factsOf(doc), fees: event.data.fees },
        ...entered(at, revision),
      };
    case 'ProviderTermsChanged':
      return {
        ...doc,
        facts: { ...factsOf(doc), terms: event.data.terms },
        ...entered(at, revision),
      };
    case 'ProviderTrustFactsChanged':
      return {
        ...doc,
        facts: { ...factsOf(doc), trust: event.data.trust },
        ...entered(at, revision),
      };
    case 'ProviderFactsChecked': {
      // A check is not an edit: updatedAt stays. Checking the offers is checking the prices.
      const facts = factsChecked(factsOf(doc), event.data);
      return event.data.group === 'offers'
        ? { ...doc, facts, pricesCheckedAt: at, revision }
        : { ...doc, facts, revision };
    }
  }
}

/**
 * The fields the most frequent events set on an existing record, in the order they are set
 * (null: another event). `{ ...record, ...fields }` is the next record.
 */
function fieldsSetBy(
  event: ProviderEvent,
  at: string,
  revision: number,
): Partial<ProviderDoc> | null {
  switch (event.type) {
    case 'ProviderDetailsChanged':
      return { ...event.data.changes, updatedAt: at, revision };
    case 'ProviderPricesChanged':
      return { prices: event.data.prices, pricesCheckedAt: at, updatedAt: at, revision };
    case 'ProviderPricesVerified':
      // A verification is not an edit: the prices and updatedAt stay.
      return { pricesCheckedAt: event.data.verifiedAt, revision };
    case 'ProviderFeatured':
      return { featured: true, updatedAt: at, revision };
    case 'ProviderUnfeatured':
      return { featured: false, updatedAt: at, revision };
    case 'VialScoreRecomputed':
      // A recomputation is not an edit: updatedAt stays.
      return { publishedVialScore: event.data.score, vialScoreMonth: event.data.month, revision };
    default:
      return null;
  }
}

/**
 * applyToRecord for a record only its caller holds (one it made since its last flush, not yet
 * written): the fields of the most frequent events are set on it rather than on a copy, so a
 * replay copies a provider's record once per flush instead of once per event (two copies of
 * ~2 KB per event were a fifth of a rebuild's garbage). Says whether it did; false: call
 * applyToRecord. The record is then both the one before and after the event: read what the
 * event changes (featured, states) first.
 */
export function applyToOwnRecord(
  doc: ProviderDoc,
  event: ProviderEvent,
  recorded: ProjectedEvent,
): boolean {
  // fieldsSetBy's fields, set one by one in its order (no object made for them): the record
  // ends with the same fields in the same order as Object.assign(doc, fieldsSetBy(...)).
  const at = recorded.metadata.occurredAt;
  const revision = recorded.revision;
  switch (event.type) {
    case 'ProviderDetailsChanged': {
      const { changes } = event.data;
      const fields = doc as Record<string, unknown>;
      for (const key in changes) {
        if (Object.hasOwn(changes, key)) fields[key] = changes[key as keyof typeof changes];
      }
      doc.updatedAt = at;
      break;
    }
    case 'ProviderPricesChanged':
      doc.prices = event.data.prices;
      doc.pricesCheckedAt = at;
      doc.updatedAt = at;
      break;
    case 'ProviderPricesVerified':
      doc.pricesCheckedAt = event.data.verifiedAt;
      break;
    case 'ProviderFeatured':
    case 'ProviderUnfeatured':
      doc.featured = event.type === 'ProviderFeatured';
      doc.updatedAt = at;
      break;
    case 'VialScoreRecomputed':
      doc.publishedVialScore = event.data.score;
      doc.vialScoreMonth = event.data.month;
      break;
    default:
      return false;
  }
  doc.revision = revision;
  return true;
}

/** An edit of the record's facts. */
function entered(at: string, revision: number) {
  return { updatedAt: at, revision };
}

/** A record's facts; the record of a provider listed before they existed has none yet. */
function factsOf(doc: ProviderDoc): ProviderFacts {
  return doc.facts ?? NO_PROVIDER_FACTS;
}

function hasAnyPrice(prices: ProviderPrices): boolean {
  return Object.keys(prices.semaglutide).length > 0 || Object.keys(prices.tirzepatide).length > 0;
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

/**
 * What `handle` deferred for one context until `flush`: the records as the events left them
 * (null: removed) and whether the ranking must be recomputed. A non-featured provider's
 * changes cannot move the public ranking, so only events on a provider featured before or
 * after them mark it. Per context: a rebuild and the live runner flush separately. Between
 * flushes a provider's record is read from here, so a replay reads and writes each provider
 * once per flush rather than once per event.
 */
interface Pending {
  records: Map<string, ProviderDoc | null>;
  /** Removed providers that can be restored (null: restored, out of the trash). */
  trash: Map<string, TrashedProviderDoc | null>;
  ranking: boolean;
}

const pendingByContext = perContext<Pending>(() => ({
  records: new Map(),
  trash: new Map(),
  ranking: false,
}));

function pendingOf(ctx: ProjectionContext): Pending {
  return pendingByContext.of(ctx);
}

/**
 * Recomputes the cards of every featured provider from the records (the rule's own order,
 * ranks and badge) and writes only what changed: upserts first, then the dropped cards are
 * deleted by id, so readers never see an empty list.
 */
async function refreshRanking(ctx: ProjectionContext): Promise<void> {
  const featured = await pricedCollection(
    ctx.collection<ProviderDoc>(PROVIDER_COLLECTIONS.providers),
  ).find({ featured: true, ...PUBLIC_PROVIDERS });
  const cards = rankWithPublishedScores(
    featured.map((doc) => ({ record: doc, published: doc.publishedVialScore })),
  ) as ProviderCardDoc[];
  const ranking = ctx.collection<ProviderCardDoc>(PROVIDER_COLLECTIONS.ranking);
  const stored = new Map((await ranking.find({})).map((card) => [card._id, card]));
  const operations: BulkOperation<ProviderCardDoc>[] = [];
  for (const card of cards) {
    const before = stored.get(card._id);
    stored.delete(card._id);
    if (!before || !isDeepStrictEqual(before, card)) operations.push({ kind: 'upsert', doc: card });
  }
  for (const id of stored.keys()) operations.push({ kind: 'delete', filter: { _id: id } });
  if (operations.length > 0) await ranking.bulkWrite(operations);
}

/** Admin views first, records last (their revision says the event was applied), then the ranking. */
async function write(ctx: ProjectionContext, pending: Pending): Promise<void> {
  const adminOps: BulkOperation<AdminProviderDoc>[] = [];
  const recordOps: BulkOperation<ProviderDoc>[] = [];
  for (const [id, next] of pending.records) {
    if (next) {
      adminOps.push({ kind: 'upsert', doc: adminProviderView(next) });
      recordOps.push({ kind: 'upsert', doc: next });
    } else {
      adminOps.push({ kind: 'delete', filter: { _id: id } });
      recordOps.push({ kind: 'delete', filter: { _id: id } });
    }
  }
  const trashOps: BulkOperation<TrashedProviderDoc>[] = [...pending.trash].map(([id, doc]) =>
    doc ? { kind: 'upsert', doc } : { kind: 'delete', filter: { _id: id } },
  );
  if (trashOps.length > 0) {
    await pricedCollection(
      ctx.collection<TrashedProviderDoc>(PROVIDER_COLLECTIONS.trash),
    ).bulkWrite(trashOps);
  }
  if (adminOps.length > 0) {
    await pricedCollection(
      ctx.collection<AdminProviderDoc>(PROVIDER_COLLECTIONS.adminProviders),
    ).bulkWrite(adminOps, { handOver: true });
    await pricedCollection(ctx.collection<ProviderDoc>(PROVIDER_COLLECTIONS.providers)).bulkWrite(
      recordOps,
      { handOver: true },
    );
  }
  if (pending.ranking) await refreshRanking(ctx);
}

/** Applies one event to the provider's record as `handle` read it (and its trash, for a restore). */
function applyEvent(
  pending: Pending,
  current: ProviderDoc | null,
  /** `current` is the record held in `pending` (made since the last flush): changed in place. */
  held: boolean,
  inTrash: TrashedProviderDoc | null,
  event: ProviderEvent,
  recorded: ProjectedEvent,
): void {
  const id = event.data.providerId;
  if (current && current.revision >= recorded.revision) {
    // Already applied (a replay after a crash, or onto a kept collection). The ranking is
    // recomputed anyway: a crash may have come between the record and the ranking.
    pending.ranking = true;
    return;
  }
  const wasFeatured = current?.featured === true;
  if (held && current && applyToOwnRecord(current, event, recorded)) {
    // Changed in place: already held under its id.
    if (wasFeatured || current.featured) pending.ranking = true;
    return;
  }
  const { removedAt: _removedAt, ...trashed } = inTrash ?? { removedAt: '' };
  const next = applyToRecord(current, event, recorded, inTrash ? (trashed as ProviderDoc) : null);
  pending.records.set(id, next);
  if (event.type === 'ProviderRemoved' && current && event.data.removedAt) {
    pending.trash.set(id, { ...current, removedAt: event.data.removedAt });
  } else if (event.type === 'ProviderRestored') {
    pending.trash.set(id, null);
  }
  if (wasFeatured || next?.featured) pending.ranking = true;
}

export const providersProjector: Projector = {
  name: 'providers',
  version: 1,
  eventTypes: PROVIDER_EVENT_TYPES,
  collections: [
    PROVIDER_COLLECTIONS.providers,
    PROVIDER_COLLECTIONS.adminProviders,
    PROVIDER_COLLECTIONS.ranking,
    PROVIDER_COLLECTIONS.trash,
  ],
  indexes: {
    // The ranking reads the featured records; the back office lists newest first.
    [PROVIDER_COLLECTIONS.providers]: [{ fields: { featured: 1 } }],
    [PROVIDER_COLLECTIONS.adminProviders]: [{ fields: { createdAt: -1, _id: 1 } }],
    [PROVIDER_COLLECTIONS.ranking]: [{ fields: { rank: 1 } }],
    [PROVIDER_COLLECTIONS.trash]: [{ fields: { removedAt: -1, _id: 1 } }],
  },
  handle(recorded, ctx) {
    const event = asProviderEvent(recorded);
    if (!event) return;
    const pending = pendingOf(ctx);
    const id = event.data.providerId;
    // Synchronous when the record (and for a restore, the trash) is held (Projector.handle).
    // undefined: not held (null: held as removed).
    const held = pending.records.get(id);
    if (held !== undefined && (event.type !== 'ProviderRestored' || pending.trash.has(id))) {
      const inTrash = event.type === 'ProviderRestored' ? (pending.trash.get(id) ?? null) : null;
      applyEvent(pending, held, true, inTrash, event, recorded);
      return;
    }
    return (async () => {
      const current =
        held !== undefined
          ? held
          : await pricedCollection(
              ctx.collection<ProviderDoc>(PROVIDER_COLLECTIONS.providers),
            ).findOne({ _id: id });
      if (current && current.revision >= recorded.revision) {
        applyEvent(pending, current, held !== undefined, null, event, recorded);
        return;
      }
      const inTrash =
        event.type === 'ProviderRestored'
          ? pending.trash.has(id)
            ? (pending.trash.get(id) ?? null)
            : await pricedCollection(
                ctx.collection<TrashedProviderDoc>(PROVIDER_COLLECTIONS.trash),
              ).findOne({ _id: id })
          : null;
      applyEvent(pending, current, held !== undefined, inTrash, event, recorded);
    })();
  },
  async flush(ctx) {
    const pending = pendingByContext.take(ctx);
    if (!pending) return;
    if (pending.records.size === 0 && pending.trash.size === 0 && !pending.ranking) return;
    try {
      await write(ctx, pending);
    } catch (error) {
      // The records are dropped, not kept for a retry: the events that made them are applied
      // again from the store (their checkpoint did not move); the ranking is recomputed.
      pendingOf(ctx).ranking = true;
      throw error;
    }
  },
};
