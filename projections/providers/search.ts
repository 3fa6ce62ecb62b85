/**
 * How providers appear in the site search: one document per listed provider, linking to its
 * page (/providers/{slug}, which every listed provider has). The text is what its card shows:
 * description, medications and feature bullets.
 */
import {
  asProviderEvent,
  type ProviderEvent,
  type ProviderEventType,
} from '../../domain/providers/events';
import type { ProviderDetails } from '../../domain/providers/provider';
import { providerPath } from '../../domain/providers/slug';
import type { SearchChanges, SearchDoc, SearchDocInput, SearchIndexer } from '../search-index';

/** A type, not an interface: it is stored as the document's `source` record as it is. */
type ProviderSearchSource = {
  name: string;
  description: string;
  medications: string[];
  features: string[];
  featured: boolean;
  /** A draft's document is kept hidden, so publishing it reveals it (search-index.ts). */
  draft?: true;
};

const ID_PREFIX = 'provider:';
const idOf = (providerId: string) => `${ID_PREFIX}${providerId}`;

/**
 * The document as held between events: its source, without the text and the link, which
 * only its last version needs (`complete` makes them with documentOf, once per flush: a
 * replay edits a provider's description and card thousands of times).
 */
function pendingDocumentOf(providerId: string, source: ProviderSearchSource): SearchDocInput {
  return {
    id: idOf(providerId),
    kind: 'provider',
    title: source.name,
    text: '',
    url: '',
    visible: source.draft !== true,
    // Its callers' own new object: not copied (documentOf copies it once, at the end).
    source,
  };
}

function documentOf(providerId: string, source: ProviderSearchSource): SearchDocInput {
  const medications = source.medications.length
    ? `Medications offered: ${source.medications.join(', ')}.`
    : '';
  return {
    id: idOf(providerId),
    kind: 'provider',
    title: source.name,
    text: [source.description, medications, ...source.features].filter(Boolean).join('\n'),
    url: providerPath(source.name),
    visible: source.draft !== true,
    source: { ...source },
  };
}

/**
 * The events that change what the search shows: prices and Vial Scores do not (a replay skips
 * them here instead of looking up the provider's document for each one).
 */
/** Whether a details change touches a field documentOf reads. */
function changesSearchedFields(changes: Partial<ProviderDetails>): boolean {
  return (
    changes.name !== undefined ||
    changes.description !== undefined ||
    changes.medications !== undefined ||
    changes.card !== undefined
  );
}

const SEARCHED_EVENT_TYPES: readonly ProviderEventType[] = [
  'ProviderListed',
  'ProviderDrafted',
  'ProviderPublished',
  'ProviderRestored',
  'ProviderRemoved',
  'ProviderDetailsChanged',
  'ProviderFeatured',
  'ProviderUnfeatured',
];

export const providerSearch: SearchIndexer = {
  eventTypes: SEARCHED_EVENT_TYPES,
  // Synchronous unless it reads the document (see SearchIndexer.apply).
  apply(recorded, current) {
    const event = asProviderEvent(recorded);
    if (!event) return {};
    const { providerId } = event.data;
    // Restored from the trash: back as it was removed, like a new listing (its document was
    // removed with it, so there is none to update).
    if (
      event.type === 'ProviderListed' ||
      event.type === 'ProviderDrafted' ||
      event.type === 'ProviderRestored'
    ) {
      const { details } = event.data;
      const draft =
        event.type === 'ProviderDrafted' || (event.type === 'ProviderRestored' && event.data.draft);
      return {
        upsert: [
          pendingDocumentOf(providerId, {
            name: details.name,
            description: details.description,
            medications: details.medications,
            features: details.card.features,
            featured: false,
            ...(draft ? { draft: true as const } : {}),
          }),
        ],
      };
    }
    if (event.type === 'ProviderRemoved') return { remove: [idOf(providerId)] };
    // A change of none of the searched fields leaves the document as it is (most edits:
    // scores, states, codes): a replay does not rebuild its text for each.
    if (event.type === 'ProviderDetailsChanged' && !changesSearchedFields(event.data.changes)) {
      return {};
    }
    const doc = current(idOf(providerId));
    return doc instanceof Promise
      ? doc.then((stored) => changed(event, stored))
      : changed(event, doc);
  },
  /** The text and link of the last version of a document, once per flush. */
  complete(doc) {
    const source = doc.source as unknown as ProviderSearchSource; // written by pendingDocumentOf
    return documentOf(doc.id.slice(ID_PREFIX.length), source);
  },
};

/** The document after an event that changes part of it (`doc`: as it was). */
function changed(event: ProviderEvent, doc: SearchDoc | null): SearchChanges {
  const { providerId } = event.data;
  if (!doc?.source) return {};
  const source = doc.source as unknown as ProviderSearchSource; // pendingDocumentOf's, or documentOf's
  switch (event.type) {
    case 'ProviderDetailsChanged': {
      const { changes } = event.data;
      return {
        upsert: [
          pendingDocumentOf(providerId, {
            ...source,
            ...(changes.name === undefined ? {} : { name: changes.name }),
            ...(changes.description === undefined ? {} : { description: changes.description }),
            ...(changes.medications === undefined ? {} : { medications: changes.medications }),
            ...(changes.card === undefined ? {} : { features: changes.card.features }),
          }),
        ],
      };
    }
    case 'ProviderPublished': {
      const { draft: _draft, ...published } = source;
      return { upsert: [pendingDocumentOf(providerId, published)] };
    }
    case 'ProviderFeatured':
      return { upsert: [pendingDocumentOf(providerId, { ...source, featured: true })] };
    case 'ProviderUnfeatured':
      return { upsert: [pendingDocumentOf(providerId, { ...source, featured: false })] };
    default:
      return {};
  }
}
