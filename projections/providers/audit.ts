/**
 * How provider events read in the audit log. The subject remembers the provider's details,
 * prices and published score between events, so each entry can say what a field was before
 * and what it became (entries of history older than this remembering say only 'after').
 */
import {
  PROVIDER_EVENT_TYPES,
  asProviderEvent,
  type ProviderEvent,
} from '../../domain/providers/events';
import type { FactGroup } from '../../domain/providers/facts';
import { samePriceTable } from '../../domain/providers/price-tables';
import type { ProviderDetails } from '../../domain/providers/provider';
import { revertSummary, type RevertedChange } from '../../domain/shared/reverted-change';
import { quoted, type AuditDescriber, type AuditDescription, type AuditSubjectDoc } from '../audit';
import type { AuditChange } from '../views';
import { fromStoredPrices, toStoredPrices } from './stored-prices';

const MEDICATIONS = ['semaglutide', 'tirzepatide'] as const;

interface Known {
  name: string;
  details?: Partial<ProviderDetails>;
  /** The remembered prices as stored (dose lists): read as tables only by a price change. */
  storedPrices?: unknown;
  vialScore?: number;
}

/** A field's value in the details: 'card.logoUrl' reads inside the card. */
function detailValue(details: Partial<ProviderDetails> | undefined, field: string): unknown {
  if (!details) return undefined;
  if (field.startsWith('card.')) {
    return (details.card as Record<string, unknown> | undefined)?.[field.slice('card.'.length)];
  }
  return (details as Record<string, unknown>)[field];
}

const change = (field: string, before: unknown, after: unknown): AuditChange =>
  before === undefined ? { field, after } : { field, before, after };

const subjectOf = (id: string, name: string) => ({ kind: 'provider', id, name });

function describe(event: ProviderEvent, id: string, known: Known): AuditDescription {
  const { name } = known;
  switch (event.type) {
    case 'ProviderListed':
    case 'ProviderDrafted': {
      const { details, prices } = event.data;
      const verb = event.type === 'ProviderDrafted' ? 'Listed a draft of' : 'Listed';
      return {
        subject: subjectOf(id, details.name),
        summary: `${verb} provider ${quoted(details.name)}`,
        changedFields: [],
        remember: { name: details.name, prices: toStoredPrices(prices), details },
      };
    }
    case 'ProviderPublished':
      return {
        subject: subjectOf(id, name),
        summary: `Published provider ${quoted(name)}`,
        changedFields: [],
      };
    case 'ProviderDetailsChanged': {
      const { changes, changedFields: fields } = event.data;
      const newName = changes.name ?? name;
      const details = { ...known.details, ...changes };
      return {
        subject: subjectOf(id, newName),
        summary: `Edited provider ${quoted(newName)}: ${fields.join(', ')}`,
        changedFields: fields,
        changes: fields.map((field) =>
          change(field, detailValue(known.details, field), detailValue(details, field)),
        ),
        remember: { name: newName, details },
      };
    }
    case 'ProviderPricesChanged': {
      const before =
        known.storedPrices === undefined ? undefined : fromStoredPrices(known.storedPrices);
      const fields = MEDICATIONS.filter(
        (m) => !before || !samePriceTable(before[m], event.data.prices[m]),
      );
      return {
        subject: subjectOf(id, name),
        summary: `Changed prices of provider ${quoted(name)}`,
        changedFields: fields.map((m) => `prices.${m}`),
        changes: fields.map((m) => ({
          ...change(`prices.${m}`, before?.[m], event.data.prices[m]),
          kind: 'usdPerDose' as const,
        })),
        remember: { prices: toStoredPrices(event.data.prices) },
      };
    }
    case 'ProviderPricesVerified':
      return {
        subject: subjectOf(id, name),
        summary: `Verified the prices of provider ${quoted(name)}`,
        changedFields: [],
      };
    case 'ProviderFeatured':
    case 'ProviderUnfeatured': {
      const on = event.type === 'ProviderFeatured';
      return {
        subject: subjectOf(id, name),
        summary: `${on ? 'Featured' : 'Unfeatured'} provider ${quoted(name)}`,
        changedFields: ['featured'],
        changes: [
          change('featured', known.details ? known.details.featured === true : undefined, on),
        ],
        remember: { details: { ...known.details, featured: on } },
      };
    }
    case 'ProviderRemoved':
      return {
        subject: subjectOf(id, event.data.name),
        summary: `Removed ${event.data.draft ? 'the draft of ' : ''}provider ${quoted(event.data.name)}`,
        changedFields: [],
      };
    case 'ProviderRestored': {
      const { details, prices } = event.data;
      return {
        subject: subjectOf(id, details.name),
        summary: `Restored provider ${quoted(details.name)} from the trash`,
        changedFields: [],
        remember: { name: details.name, prices: toStoredPrices(prices), details },
      };
    }
    case 'ProviderOffersChanged':
    case 'ProviderFeesChanged':
    case 'ProviderTermsChanged':
    case 'ProviderTrustFactsChanged': {
      const [field, words, after] = factsChange(event);
      return {
        subject: subjectOf(id, name),
        summary: `Changed the ${words} of provider ${quoted(name)}`,
        changedFields: [field],
        changes: [change(field, undefined, after)],
      };
    }
    case 'ProviderFactsChecked': {
      const { group, checkedOn } = event.data;
      return {
        subject: subjectOf(id, name),
        summary: `Checked the ${FACT_WORDS[group]} of provider ${quoted(name)} on ${checkedOn}`,
        changedFields: [],
      };
    }
    case 'VialScoreRecomputed': {
      const { score, reason, month } = event.data;
      return {
        subject: subjectOf(id, name),
        summary: `Published Vial Score ${score.outOf10}/10 for provider ${quoted(name)} (${reason}, ${month})`,
        changedFields: ['vialScore'],
        // A provider known since its listing and never scored had no score before (null).
        changes: [
          change('vialScore', known.vialScore ?? (known.details ? null : undefined), score.outOf10),
        ],
        remember: { vialScore: score.outOf10 },
      };
    }
  }
}

/** How each group of facts reads in a summary. */
const FACT_WORDS: Record<FactGroup, string> = {
  offers: 'offers',
  fees: 'fees',
  terms: 'exit terms',
  trust: 'trust facts',
};

type FactsEvent = Extract<
  ProviderEvent,
  {
    type:
      | 'ProviderOffersChanged'
      | 'ProviderFeesChanged'
      | 'ProviderTermsChanged'
      | 'ProviderTrustFactsChanged';
  }
>;

/** The changed group's field, its words and its new value (the whole group is replaced). */
function factsChange(event: FactsEvent): [FactGroup, string, unknown] {
  switch (event.type) {
    case 'ProviderOffersChanged':
      return ['offers', FACT_WORDS.offers, event.data.offers];
    case 'ProviderFeesChanged':
      return ['fees', FACT_WORDS.fees, event.data.fees];
    case 'ProviderTermsChanged':
      return ['terms', FACT_WORDS.terms, event.data.terms];
    case 'ProviderTrustFactsChanged':
      return ['trust', FACT_WORDS.trust, event.data.trust];
  }
}

function knownOf(id: string, subject: AuditSubjectDoc | null): Known {
  return {
    name: subject?.name ?? id,
    details: subject?.details as Partial<ProviderDetails> | undefined,
    // Remembered as dose lists (stored-prices.ts); read back as tables when compared.
    storedPrices: subject?.prices,
    vialScore: typeof subject?.vialScore === 'number' ? subject.vialScore : undefined,
  };
}

/** A revert reads as what it took back: 'Reverted "Price" (change of Nov 3 by ann@…)'. */
function namingRevert(event: ProviderEvent, entry: AuditDescription): AuditDescription {
  const reverts = (event.data as { reverts?: RevertedChange }).reverts;
  return reverts ? { ...entry, summary: revertSummary(reverts) } : entry;
}

export const providerAudit: AuditDescriber = {
  eventTypes: PROVIDER_EVENT_TYPES,
  subjectOf: (event) => ({
    kind: 'provider',
    id: (event.data as { providerId: string }).providerId,
  }),
  describe(recorded, id, known) {
    const event = asProviderEvent(recorded);
    if (!event) throw new Error(`Not a provider event: ${recorded.type}`);
    return namingRevert(event, describe(event, id, knownOf(id, known)));
  },
};
