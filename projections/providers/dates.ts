/**
 * 'provider_dates': when the public provider data last changed and when Vial Scores were last
 * recomputed, taken from the events' occurredAt (the sitemap's last-modified dates and the
 * Vial Score page's "last recomputed" line). One document; each date only moves forward, so
 * applying an event twice changes nothing.
 */
import {
  asProviderEvent,
  PROVIDER_EVENT_TYPES,
  type ProviderEvent,
} from '../../domain/providers/events';
import { perContext, type Projector } from '../projector';
import type { Document, ReadStore } from '../read-store/port';

export const PROVIDER_DATES_COLLECTION = 'provider_dates';
const ID = 'latest';

export interface ProviderDates {
  /** Last listing, edit, price change, (un)featuring or removal. */
  providersChangedAt: string | null;
  /** Last VialScoreRecomputed. */
  vialScoresRecomputedAt: string | null;
}

/** `drafts`: the providers that are drafts now; their events change no public date. */
export type ProviderDatesDoc = Document & ProviderDates & { drafts?: string[] };

/** true: the event is about a draft (drafted, or a draft removed or restored); false: published. */
function draftAfter(event: ProviderEvent): boolean | null {
  switch (event.type) {
    case 'ProviderDrafted':
      return true;
    case 'ProviderPublished':
      return false;
    case 'ProviderRemoved':
    case 'ProviderRestored':
      return event.data.draft ? true : null;
    default:
      return null;
  }
}

const later = (a: string | null | undefined, b: string) => (a && a > b ? a : b);

/**
 * The document as the events since the last flush left them, written at `flush` (a replay reads
 * and writes it once per flush rather than once per event). `doc` is this projector's own
 * object (a copy read from the store, or one it made): changed in place until written.
 */
const pendingByContext = perContext<{ doc: ProviderDatesDoc | null; changed: boolean }>(() => ({
  doc: null,
  changed: false,
}));

/** What one event changes in the document held for the context. */
function applyDates(
  pending: { doc: ProviderDatesDoc | null; changed: boolean },
  doc: ProviderDatesDoc,
  event: ProviderEvent,
  at: string,
): void {
  const { providerId } = event.data;
  const after = draftAfter(event);
  if (after === true || doc.drafts?.includes(providerId)) {
    const drafts = new Set(doc.drafts ?? []);
    // Nothing public changed; publishing is the draft's first public change.
    if (after === true && !drafts.has(providerId)) {
      pending.doc = { ...doc, drafts: [...drafts, providerId] };
      pending.changed = true;
    } else if (after === false || event.type === 'ProviderRemoved') {
      drafts.delete(providerId);
      pending.doc = {
        ...doc,
        drafts: [...drafts],
        ...(after === false ? { providersChangedAt: later(doc.providersChangedAt, at) } : {}),
      };
      pending.changed = true;
    }
    return;
  }
  if (event.type === 'VialScoreRecomputed') {
    doc.vialScoresRecomputedAt = later(doc.vialScoresRecomputedAt, at);
  } else {
    doc.providersChangedAt = later(doc.providersChangedAt, at);
  }
  pending.changed = true;
}

export const providerDatesProjector: Projector = {
  name: 'provider-dates',
  version: 1,
  collections: [PROVIDER_DATES_COLLECTION],
  eventTypes: PROVIDER_EVENT_TYPES,
  handle(recorded, ctx) {
    const event = asProviderEvent(recorded);
    if (!event) return;
    const pending = pendingByContext.of(ctx);
    // Read once per flush; every other event is applied synchronously (Projector.handle).
    if (pending.doc) {
      applyDates(pending, pending.doc, event, recorded.metadata.occurredAt);
      return;
    }
    return (async () => {
      const stored = await ctx
        .collection<ProviderDatesDoc>(PROVIDER_DATES_COLLECTION)
        .findOne({ _id: ID });
      const doc = stored ?? { _id: ID, providersChangedAt: null, vialScoresRecomputedAt: null };
      pending.doc = doc;
      applyDates(pending, doc, event, recorded.metadata.occurredAt);
    })();
  },
  async flush(ctx) {
    // Dropped even if the write fails: the events are applied again from the store.
    const pending = pendingByContext.take(ctx);
    if (!pending?.changed || !pending.doc) return;
    await ctx.collection<ProviderDatesDoc>(PROVIDER_DATES_COLLECTION).upsert(pending.doc);
  },
};

export function providerDatesQueries(store: ReadStore) {
  return {
    async providerDates(): Promise<ProviderDates> {
      const doc = await store
        .collection<ProviderDatesDoc>(PROVIDER_DATES_COLLECTION)
        .findOne({ _id: ID });
      return {
        providersChangedAt: doc?.providersChangedAt ?? null,
        vialScoresRecomputedAt: doc?.vialScoresRecomputedAt ?? null,
      };
    },
  };
}
