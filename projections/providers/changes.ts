/**
 * 'provider_changes': each provider's public change log (/providers/{slug}/changes), one
 * document per entry, straight from the provider's events (domain/providers/change-log.ts
 * words them): its listing, every price, offer, fee, exit-term and trust-fact change, every
 * check. An entry holds the date, the kind, the summary and the values before and after, never
 * who made the change (the event's actor is not read).
 *
 * 'provider_change_bases' keeps, per provider, what the next event is diffed against and the
 * last stream revision applied (written after the entries: an event applied twice after a
 * crash rewrites the same entry, its id being the provider and the revision). Kept through
 * removal: a restored provider keeps its log.
 */
import {
  applyChange,
  priceTableChanges,
  EMPTY_CHANGE_BASE,
  type ChangeBase,
  type ChangeEntry,
  type ChangeEvent,
} from '../../domain/providers/change-log';
import { asProviderEvent, type ProviderEvent } from '../../domain/providers/events';
import type { ProviderPrices } from '../../domain/providers/provider';
import type { ProjectedEvent } from '../event-source';
import { perContext, type Projector } from '../projector';
import type { Document, ReadStore } from '../read-store/port';

export const PROVIDER_CHANGES_COLLECTION = 'provider_changes';
export const PROVIDER_CHANGE_BASES_COLLECTION = 'provider_change_bases';

export type ProviderChangeDoc = Document &
  ChangeEntry & {
    providerId: string;
    /** The stream revision of the event that made it (the order within a provider). */
    revision: number;
  };

/** `draft`: the provider is a draft; its changes make no entry until it is published. */
export type ProviderChangeBaseDoc = Document & ChangeBase & { revision: number; draft?: true };

/** Listing and restoring open the log; the others are the changes and checks it lists. */
export const CHANGE_EVENT_TYPES = [
  'ProviderListed',
  'ProviderDrafted',
  'ProviderPublished',
  'ProviderRestored',
  'ProviderPricesChanged',
  'ProviderPricesVerified',
  'ProviderOffersChanged',
  'ProviderFeesChanged',
  'ProviderTermsChanged',
  'ProviderTrustFactsChanged',
  'ProviderFactsChecked',
] as const;

/** The event as the rules read it; null for the provider events the log does not list. */
function changeEvent(event: ProviderEvent): ChangeEvent | null {
  switch (event.type) {
    case 'ProviderListed':
    case 'ProviderRestored':
    case 'ProviderPricesChanged':
      return { type: event.type, prices: event.data.prices };
    // Opens the log as a listing does; its entry is made only when it is published.
    case 'ProviderDrafted':
      return { type: 'ProviderListed', prices: event.data.prices };
    case 'ProviderPricesVerified':
      return { type: event.type };
    case 'ProviderOffersChanged':
      return { type: event.type, offers: event.data.offers };
    case 'ProviderFeesChanged':
      return { type: event.type, fees: event.data.fees };
    case 'ProviderTermsChanged':
      return { type: event.type, terms: event.data.terms };
    case 'ProviderTrustFactsChanged':
      return { type: event.type, trust: event.data.trust };
    case 'ProviderFactsChecked':
      return { type: event.type, group: event.data.group, source: event.data.source };
    default:
      return null;
  }
}

interface Pending {
  bases: Map<string, ProviderChangeBaseDoc>;
  entries: ProviderChangeDoc[];
}

const pending = perContext<Pending>(() => ({ bases: new Map(), entries: [] }));

/**
 * The most frequent event, on a base this projector made since its last flush (nothing else
 * holds it): the entry applyChange makes, and the base changed in place rather than copied
 * twice (same fields, same order).
 */
function applyPriceChange(
  folded: Pending,
  own: ProviderChangeBaseDoc,
  prices: ProviderPrices,
  recorded: ProjectedEvent,
): void {
  if (own.draft !== true) {
    const changes = priceTableChanges(own.prices, prices);
    folded.entries.push({
      // Joined: one flat string (a template makes a pair of strings, held by the entry).
      _id: [own._id, ':', recorded.revision].join(''),
      // The base's string, held by every entry of the provider (not each event's own copy).
      providerId: own._id,
      revision: recorded.revision,
      date: recorded.metadata.occurredAt,
      kind: 'prices',
      summary: changes.length > 0 ? 'Prices changed' : 'Prices saved again: no change',
      changes,
    });
  }
  own.revision = recorded.revision;
  own.prices = prices;
}

/** Applies one event (`change`: as the rules read it) to the provider's base. */
function applyEvent(
  folded: Pending,
  base: ProviderChangeBaseDoc | null,
  event: ProviderEvent,
  change: ChangeEvent | null,
  recorded: ProjectedEvent,
): void {
  if (base && base.revision >= recorded.revision) return;
  const id = event.data.providerId;
  const at = recorded.metadata.occurredAt;
  const wasDraft = base?.draft === true;
  // What the next change is diffed against: the base without its bookkeeping (one copy).
  const {
    _id: _base,
    revision: _revision,
    draft: _draft,
    ...current
  }: ProviderChangeBaseDoc = base ?? { _id: id, revision: -1, ...EMPTY_CHANGE_BASE };
  if (event.type === 'ProviderPublished' && wasDraft) {
    // Listed on the site now, with the prices it has now.
    const listed = applyChange(current, { type: 'ProviderListed', prices: current.prices }, at);
    folded.entries.push({
      _id: `${id}:${recorded.revision}`,
      providerId: id,
      revision: recorded.revision,
      ...listed.entry,
    });
    folded.bases.set(id, { _id: id, revision: recorded.revision, ...current });
    return;
  }
  if (!change) {
    // Published, but not known here as a draft: nothing to log.
    folded.bases.set(id, {
      ...(base ?? { _id: id, ...EMPTY_CHANGE_BASE }),
      revision: recorded.revision,
    });
    return;
  }
  const next = applyChange(current, change, at);
  const draft =
    event.type === 'ProviderDrafted' ||
    (event.type === 'ProviderRestored' ? event.data.draft === true : wasDraft);
  if (draft) {
    // Kept up to date (what the listing entry will show), but no entry while a draft.
    folded.bases.set(id, { _id: id, revision: recorded.revision, ...next.base, draft: true });
    return;
  }
  folded.entries.push({
    _id: `${id}:${recorded.revision}`,
    providerId: id,
    revision: recorded.revision,
    ...next.entry,
  });
  folded.bases.set(id, { _id: id, revision: recorded.revision, ...next.base });
}

export const providerChangesProjector: Projector = {
  name: 'provider_changes',
  // 2: a provider's first offers are compared with its price tables offer by offer (offersBefore).
  version: 2,
  eventTypes: CHANGE_EVENT_TYPES,
  collections: [PROVIDER_CHANGES_COLLECTION, PROVIDER_CHANGE_BASES_COLLECTION],
  indexes: {
    [PROVIDER_CHANGES_COLLECTION]: [{ fields: { providerId: 1, revision: -1 } }],
  },
  handle(recorded, ctx) {
    const event = asProviderEvent(recorded);
    if (!event) return;
    const folded = pending.of(ctx);
    const id = event.data.providerId;
    const own = folded.bases.get(id);
    if (own && own.revision < recorded.revision && event.type === 'ProviderPricesChanged') {
      applyPriceChange(folded, own, event.data.prices, recorded);
      return;
    }
    const change = changeEvent(event);
    if (!change && event.type !== 'ProviderPublished') return;
    // Synchronous when held (see Projector.handle). Read even in a rebuild: an earlier flush
    // of the same rebuild may have written it.
    if (own) {
      applyEvent(folded, own, event, change, recorded);
      return;
    }
    return (async () => {
      const base = await ctx
        .collection<ProviderChangeBaseDoc>(PROVIDER_CHANGE_BASES_COLLECTION)
        .findOne({ _id: id });
      applyEvent(folded, base, event, change, recorded);
    })();
  },
  async flush(ctx) {
    const folded = pending.take(ctx);
    if (!folded || folded.bases.size === 0) return;
    // Entries first, bases last: a base's revision says its events' entries are written.
    await ctx.collection<ProviderChangeDoc>(PROVIDER_CHANGES_COLLECTION).bulkWrite(
      folded.entries.map((doc) => ({ kind: 'upsert' as const, doc })),
      { handOver: true },
    );
    await ctx.collection<ProviderChangeBaseDoc>(PROVIDER_CHANGE_BASES_COLLECTION).bulkWrite(
      [...folded.bases.values()].map((doc) => ({ kind: 'upsert' as const, doc })),
      { handOver: true },
    );
  },
};

/** Entries per page of the public log. */
export const PROVIDER_CHANGES_PAGE_SIZE = 50;

export function providerChangesQueries(store: ReadStore) {
  return {
    /** One page of a provider's log, newest first, and how many entries it has in all. */
    async providerChanges(
      providerId: string,
      page = 1,
      pageSize = PROVIDER_CHANGES_PAGE_SIZE,
    ): Promise<{ entries: ChangeEntry[]; total: number }> {
      const changes = store.collection<ProviderChangeDoc>(PROVIDER_CHANGES_COLLECTION);
      const [docs, total] = await Promise.all([
        changes.find(
          { providerId },
          { sort: { revision: -1 }, skip: (page - 1) * pageSize, limit: pageSize },
        ),
        changes.count({ providerId }),
      ]);
      return {
        entries: docs.map(({ date, kind, summary, changes: lines }) => ({
          date,
          kind,
          summary,
          changes: lines,
        })),
        total,
      };
    },
  };
}
