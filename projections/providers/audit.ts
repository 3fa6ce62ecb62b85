/**
 * How provider events read in the audit log. The subject remembers the provider's details,
 * prices, published score and cost-and-trust facts between events, so each entry can say what
 * a field was before and what it became (entries of history older than this remembering say
 * only 'after'). A group of facts (offers, fees, exit terms, trust) is saved as a whole; its
 * entry lists each value that changed in the public change log's words (change-log.ts), as
 * 'Pharmacy: Unknown -> Belmar', not the group's raw fields.
 */
import {
  PROVIDER_EVENT_TYPES,
  asProviderEvent,
  type ProviderEvent,
} from '../../domain/providers/events';
import {
  feeChanges,
  offerChanges,
  offersBefore,
  termChanges,
  trustChanges,
  type ChangeLine,
} from '../../domain/providers/change-log';
import type { FactGroup } from '../../domain/providers/facts';
import type { Fees, Offer, Terms, Trust } from '../../domain/providers/offers';
import { samePriceTable } from '../../domain/providers/price-tables';
import type { ProviderDetails, ProviderPrices } from '../../domain/providers/provider';
import { revertSummary, type RevertedChange } from '../../domain/shared/reverted-change';
import { quoted, type AuditDescriber, type AuditDescription, type AuditSubjectDoc } from '../audit';
import type { AuditChange } from '../views';
import { fromStoredPrices, toStoredPrices } from './stored-prices';

const MEDICATIONS = ['semaglutide', 'tirzepatide'] as const;

/** The medications whose table changed, in MEDICATIONS's order (lists made once). */
const CHANGED_MEDICATIONS = {
  both: MEDICATIONS,
  semaglutide: ['semaglutide'],
  tirzepatide: ['tirzepatide'],
  none: [],
} as const;

function changedMedications(
  semaglutide: boolean,
  tirzepatide: boolean,
): readonly (typeof MEDICATIONS)[number][] {
  if (semaglutide) return tirzepatide ? CHANGED_MEDICATIONS.both : CHANGED_MEDICATIONS.semaglutide;
  return tirzepatide ? CHANGED_MEDICATIONS.tirzepatide : CHANGED_MEDICATIONS.none;
}

/** The field of each medication's prices (one string, held by every entry naming it). */
const PRICE_FIELDS = {
  semaglutide: 'prices.semaglutide',
  tirzepatide: 'prices.tirzepatide',
} as const;

interface Known {
  name: string;
  details?: Partial<ProviderDetails>;
  /** The remembered prices as stored (dose lists): read as tables only by a price change. */
  storedPrices?: unknown;
  vialScore?: number;
  /**
   * The fact groups entered so far (a group absent: never entered); undefined: a subject
   * remembered before facts were, whose groups are not known.
   */
  facts?: Partial<Record<FactGroup, unknown>>;
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

/** change(field, before, after) of a price table, with its kind (made as one literal). */
function priceChange(field: string, before: unknown, after: unknown): AuditChange {
  return before === undefined
    ? { field, after, kind: 'usdPerDose' }
    : { field, before, after, kind: 'usdPerDose' };
}

/**
 * The entry's subject: the same object for every entry about the provider under one name (the
 * audit log shares equal subjects among its entries: projections/audit.ts).
 */
function subjectOf(id: string, name: string): { kind: string; id: string; name: string } {
  const known = subjects.get(id);
  if (known !== undefined && known.name === name) return known;
  const subject = { kind: 'provider', id, name };
  if (subjects.size >= KEPT) subjects.clear();
  subjects.set(id, subject);
  return subject;
}

/**
 * Summaries by provider name and what else they say (the event type, the fields edited): a
 * replay words the same few thousands of times. Made once, then read back.
 */
const summaries = new Map<string, Map<string, string>>();

function summaryOf(name: string, what: string): string | undefined {
  return summaries.get(name)?.get(what);
}

function remember(name: string, what: string, summary: string): string {
  let byWhat = summaries.get(name);
  if (byWhat === undefined) {
    if (summaries.size >= KEPT) summaries.clear();
    byWhat = new Map();
    summaries.set(name, byWhat);
  }
  if (byWhat.size >= KEPT) byWhat.clear();
  byWhat.set(what, summary);
  return summary;
}

/** Bound of the subjects and summaries remembered above (forgotten when full). */
const KEPT = 10_000;
const subjects = new Map<string, { kind: string; id: string; name: string }>();

/**
 * The details objects this describer made for a subject the audit projector owns (see
 * AuditDescriber.describe): changed in place by the next edits until the subject is written.
 */
const detailsMadeFor = new WeakMap<AuditSubjectDoc, Partial<ProviderDetails>>();

/**
 * Prices remembered as the event's tables since the subject's last write: `complete` stores
 * them as dose lists, once per write rather than on every price change.
 */
class PricesNotYetStored {
  constructor(readonly tables: ProviderPrices) {}
}

/** The remembered prices as tables (what fromStoredPrices reads from the dose lists). */
function rememberedTables(remembered: unknown): ProviderPrices {
  if (!(remembered instanceof PricesNotYetStored)) return fromStoredPrices(remembered);
  // The lists made of an event's tables read back as the same tables (a missing one: empty).
  const { semaglutide, tirzepatide } = remembered.tables as Partial<ProviderPrices>;
  return {
    semaglutide: typeof semaglutide === 'object' && semaglutide !== null ? semaglutide : {},
    tirzepatide: typeof tirzepatide === 'object' && tirzepatide !== null ? tirzepatide : {},
  };
}

/**
 * `subject`: the remembered subject `known` was read from; `own`: the audit projector's own
 * (see AuditDescriber.describe).
 */
function describe(
  event: ProviderEvent,
  id: string,
  known: Known,
  subject: AuditSubjectDoc | null,
  own: boolean,
): AuditDescription {
  const { name } = known;
  /** Details made for this subject since its last write: nothing else holds them. */
  const ownDetails =
    own && subject && known.details && detailsMadeFor.get(subject) === known.details
      ? known.details
      : null;
  switch (event.type) {
    case 'ProviderListed':
    case 'ProviderDrafted': {
      const { details, prices } = event.data;
      const verb = event.type === 'ProviderDrafted' ? 'Listed a draft of' : 'Listed';
      return {
        subject: subjectOf(id, details.name),
        summary: `${verb} provider ${quoted(details.name)}`,
        changedFields: [],
        remember: {
          name: details.name,
          prices: new PricesNotYetStored(prices),
          details,
          facts: NO_FACTS_YET,
        },
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
      const fieldsText = fields.length === 1 ? (fields[0] ?? '') : fields.join(', ');
      const before = fields.map((field) => detailValue(known.details, field));
      // The same fields in the same order as the copy, changed in place when they are ours.
      const details = ownDetails
        ? Object.assign(ownDetails, changes)
        : { ...known.details, ...changes };
      if (own && subject && !ownDetails) detailsMadeFor.set(subject, details);
      return {
        subject: subjectOf(id, newName),
        summary:
          summaryOf(newName, fieldsText) ??
          remember(newName, fieldsText, `Edited provider ${quoted(newName)}: ${fieldsText}`),
        changedFields: fields,
        changes: fields.map((field, i) => change(field, before[i], detailValue(details, field))),
        remember: { name: newName, details },
      };
    }
    case 'ProviderPricesChanged': {
      const before =
        known.storedPrices === undefined ? undefined : rememberedTables(known.storedPrices);
      const fields = changedMedications(
        !before || !samePriceTable(before.semaglutide, event.data.prices.semaglutide),
        !before || !samePriceTable(before.tirzepatide, event.data.prices.tirzepatide),
      );
      return {
        subject: subjectOf(id, name),
        summary:
          summaryOf(name, event.type) ??
          remember(name, event.type, `Changed prices of provider ${quoted(name)}`),
        changedFields: fields.map((m) => PRICE_FIELDS[m]),
        changes: fields.map((m) => priceChange(PRICE_FIELDS[m], before?.[m], event.data.prices[m])),
        remember: { prices: new PricesNotYetStored(event.data.prices) },
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
      const featured = change(
        'featured',
        known.details ? known.details.featured === true : undefined,
        on,
      );
      let details: Partial<ProviderDetails>;
      if (ownDetails) {
        ownDetails.featured = on;
        details = ownDetails;
      } else {
        details = { ...known.details, featured: on };
        if (own && subject) detailsMadeFor.set(subject, details);
      }
      return {
        subject: subjectOf(id, name),
        summary:
          summaryOf(name, event.type) ??
          remember(name, event.type, `${on ? 'Featured' : 'Unfeatured'} provider ${quoted(name)}`),
        changedFields: ['featured'],
        changes: [featured],
        remember: { details },
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
        remember: { name: details.name, prices: new PricesNotYetStored(prices), details },
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
        changes: factLines(event, known.facts, rememberedTables(known.storedPrices)).map(
          wordsChange,
        ),
        remember: { facts: { ...known.facts, [field]: after } },
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

/** A listed provider's facts: none entered yet (one object, never changed: copied to add one). */
const NO_FACTS_YET: Readonly<Partial<Record<FactGroup, unknown>>> = Object.freeze({});

/**
 * The values the group's save changed, in words. `facts` undefined (remembered before facts
 * were): each line says only its new value, as the log's older entries do.
 */
function factLines(event: FactsEvent, facts: Known['facts'], prices: ProviderPrices): ChangeLine[] {
  const lines = (() => {
    switch (event.type) {
      case 'ProviderOffersChanged': {
        const base = { offers: (facts?.offers as Offer[] | undefined) ?? null, prices };
        return offerChanges(offersBefore(base, event.data.offers), event.data.offers);
      }
      case 'ProviderFeesChanged':
        return feeChanges((facts?.fees as Fees | undefined) ?? null, event.data.fees);
      case 'ProviderTermsChanged':
        return termChanges((facts?.terms as Terms | undefined) ?? null, event.data.terms);
      case 'ProviderTrustFactsChanged':
        return trustChanges((facts?.trust as Trust | undefined) ?? null, event.data.trust);
    }
  })();
  return facts === undefined ? lines.map((line) => ({ ...line, before: null })) : lines;
}

/** A change-log line as an audit change: already in words, so shown as it is. */
function wordsChange(line: ChangeLine): AuditChange {
  return line.before === null
    ? { field: line.label, after: line.after, kind: 'words' }
    : { field: line.label, before: line.before, after: line.after, kind: 'words' };
}

function knownOf(id: string, subject: AuditSubjectDoc | null): Known {
  return {
    name: subject?.name ?? id,
    details: subject?.details as Partial<ProviderDetails> | undefined,
    // Remembered as dose lists (stored-prices.ts); read back as tables when compared.
    storedPrices: subject?.prices,
    vialScore: typeof subject?.vialScore === 'number' ? subject.vialScore : undefined,
    facts:
      typeof subject?.facts === 'object' && subject.facts !== null
        ? (subject.facts as Known['facts'])
        : undefined,
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
  describe(recorded, id, known, own = false) {
    const event = asProviderEvent(recorded);
    if (!event) throw new Error(`Not a provider event: ${recorded.type}`);
    return namingRevert(event, describe(event, id, knownOf(id, known), known, own));
  },
  complete(subject) {
    if (subject.prices instanceof PricesNotYetStored) {
      subject.prices = toStoredPrices(subject.prices.tables);
    }
  },
};
