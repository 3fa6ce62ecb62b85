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
import type { Projector } from '../projector';
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

export const providerDatesProjector: Projector = {
  name: 'provider-dates',
  version: 1,
  collections: [PROVIDER_DATES_COLLECTION],
  eventTypes: PROVIDER_EVENT_TYPES,
  async handle(recorded, ctx) {
    const event = asProviderEvent(recorded);
    if (!event) return;
    const at = recorded.metadata.occurredAt;
    const dates = ctx.collection<ProviderDatesDoc>(PROVIDER_DATES_COLLECTION);
    const doc = (await dates.findOne({ _id: ID })) ?? {
      _id: ID,
      providersChangedAt: null,
      vialScoresRecomputedAt: null,
    };
    const { providerId } = event.data;
    const drafts = new Set(doc.drafts ?? []);
    const after = draftAfter(event);
    if (drafts.has(providerId) || after === true) {
      // Nothing public changed; publishing is the draft's first public change.
      if (after === true && !drafts.has(providerId)) {
        await dates.upsert({ ...doc, drafts: [...drafts, providerId] });
      } else if (after === false || event.type === 'ProviderRemoved') {
        drafts.delete(providerId);
        await dates.upsert({
          ...doc,
          drafts: [...drafts],
          ...(after === false ? { providersChangedAt: later(doc.providersChangedAt, at) } : {}),
        });
      }
      return;
    }
    if (event.type === 'VialScoreRecomputed') {
      doc.vialScoresRecomputedAt = later(doc.vialScoresRecomputedAt, at);
    } else {
      doc.providersChangedAt = later(doc.providersChangedAt, at);
    }
    await dates.upsert(doc);
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
