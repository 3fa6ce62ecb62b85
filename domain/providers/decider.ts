/**
 * The provider decider: `evolve` folds a provider stream into state, `decide` turns a
 * command into new events (or a typed error). Pure: the caller passes the time.
 *
 * Commands arrive already validated (commands/ parses them with providerDetailsSchema), so
 * the decider checks only what needs the history: existence, removal, and what changed.
 *
 * Vial Score publishing:
 * - Listing publishes the first score (reason 'listed').
 * - Edits never move the published score; the back office shows the score the current data
 *   would give as "pending" (pendingVialScore).
 * - RecomputeVialScore publishes when the score differs from the published one. A 'monthly'
 *   recomputation also publishes an unchanged score once per calendar month (UTC), so the
 *   history records that the month's review happened; running the monthly job twice in one
 *   month adds nothing. A 'requested' recomputation of an unchanged score adds nothing.
 */
import { DecisionError, decisionErrors, type Decider } from '../shared/decider';
import { reservation } from '../shared/reservation';
import { daysSince, isoDay, type FactGroup } from './facts';
import {
  type CheckedFact,
  type Fees,
  type Offer,
  type ProviderFacts,
  type Source,
  type Terms,
  type Trust,
} from './offers';
import { NO_PROVIDER_FACTS, priceTablesFromOffers } from './offer-tables';
import { samePriceTable, samePrices } from './price-tables';
import type { ProviderDetails, ProviderPrices, ProviderRecord } from './provider';
import { computeVialScore, VIAL_SCORE_METHOD_VERSION, type VialScore } from './vial-score';
import type {
  ProviderDetailsChanges,
  ProviderEvent,
  ProviderSlugEvent,
  VialScoreReason,
} from './events';

export interface PublishedVialScore {
  score: VialScore;
  month: string;
}

export type ProviderState =
  | { status: 'absent' }
  | {
      status: 'listed';
      providerId: string;
      details: ProviderDetails;
      prices: ProviderPrices;
      published: PublishedVialScore | null;
      /** Offers, fees, terms and trust facts (issue 25); each null until first entered. */
      facts: ProviderFacts;
      /** A draft (issue 27): on no public page until published; no published score yet. */
      draft?: true;
    }
  | {
      status: 'removed';
      providerId: string;
      name: string;
      /** What it was when removed (restored as it was); null for history older than the trash. */
      kept: {
        details: ProviderDetails;
        prices: ProviderPrices;
        published: PublishedVialScore | null;
        facts: ProviderFacts;
        removedAt: string;
        draft?: true;
      } | null;
    };

export type ListedProvider = Extract<ProviderState, { status: 'listed' }>;

export const initialProviderState: ProviderState = { status: 'absent' };

export type ProviderCommand =
  /** `draft`: listed as a draft (ProviderDrafted), public only once published. */
  | {
      type: 'ListProvider';
      providerId: string;
      details: ProviderDetails;
      prices: ProviderPrices;
      draft?: boolean;
    }
  /** A draft goes public, with its first published Vial Score. */
  | { type: 'PublishProvider'; providerId: string }
  /** Carries the complete details, as the admin form sends them; the decider works out the diff. */
  | { type: 'ChangeProviderDetails'; providerId: string; details: ProviderDetails }
  | { type: 'ChangeProviderPrices'; providerId: string; prices: ProviderPrices }
  /** 'Prices verified': the prices stand as entered, checked now; they do not change. */
  | { type: 'VerifyProviderPrices'; providerId: string }
  | { type: 'RemoveProvider'; providerId: string }
  /** Out of the trash, within TRASH_DAYS days of the removal. */
  | { type: 'RestoreProvider'; providerId: string }
  /** Feature or unfeature only (the list's bulk actions); no change, no event. */
  | { type: 'SetProviderFeatured'; providerId: string; featured: boolean }
  | {
      type: 'RecomputeVialScore';
      providerId: string;
      reason: Exclude<VialScoreReason, 'listed'>;
    }
  /** The complete group, as the form sends it; no change, no event. */
  | { type: 'ChangeProviderOffers'; providerId: string; offers: Offer[] }
  | { type: 'ChangeProviderFees'; providerId: string; fees: Fees }
  | { type: 'ChangeProviderTerms'; providerId: string; terms: Terms }
  | { type: 'ChangeProviderTrustFacts'; providerId: string; trust: Trust }
  /**
   * 'Checked today': a group's facts stand, checked on `checkedOn` (default: today, UTC, from
   * the decider's `now`); `source`, when given, becomes the source of each of its facts.
   */
  | {
      type: 'CheckProviderFacts';
      providerId: string;
      group: FactGroup;
      checkedOn?: string;
      source?: Source | null;
    };

/** How long a removed provider can be restored. */
export const TRASH_DAYS = 30;

/** What the history refuses; the API maps each code to 404 / 409 / 410. */
export const providerErrors = decisionErrors({
  provider_not_found: 'Provider not found',
  provider_removed: 'Provider was removed',
  provider_already_listed: 'Provider already exists',
  provider_not_removed: 'Provider is not in the trash',
  provider_trash_expired: `Provider was removed more than ${TRASH_DAYS} days ago and can no longer be restored`,
  /** Thrown with the slug in its message (providerSlugTaken). */
  provider_slug_taken: 'A provider with this slug already exists.',
  provider_facts_not_entered: 'There are no facts of this kind to check yet: enter them first',
  provider_check_in_future: 'Checked date cannot be in the future',
  /** Once offers are entered, the price tables are derived from them: one source of prices. */
  provider_prices_in_offers: "This provider's prices are kept in its offers: edit the offers",
  provider_not_draft: 'This provider is already published.',
  provider_draft_unscored:
    'A draft has no public Vial Score yet: it is published with the provider when you publish it.',
});

/** The refusal of a second provider at one address (its page, /providers/{slug}). */
export function providerSlugTaken(slug: string): DecisionError<'provider_slug_taken'> {
  return new DecisionError(
    'provider_slug_taken',
    `A provider with the slug '${slug}' already exists.`,
  );
}
export type ProviderErrorCode = keyof typeof providerErrors.messages;
export const PROVIDER_ERROR_MESSAGES = providerErrors.messages;
function fail(code: ProviderErrorCode): never {
  return providerErrors.fail(code);
}

export function evolveProvider(state: ProviderState, event: ProviderEvent): ProviderState {
  switch (event.type) {
    case 'ProviderListed':
      return {
        status: 'listed',
        providerId: event.data.providerId,
        details: { ...event.data.details, featured: false },
        prices: event.data.prices,
        published: null,
        facts: NO_PROVIDER_FACTS,
      };
    case 'ProviderDrafted':
      return {
        status: 'listed',
        providerId: event.data.providerId,
        details: { ...event.data.details, featured: false },
        prices: event.data.prices,
        published: null,
        facts: NO_PROVIDER_FACTS,
        draft: true,
      };
    case 'ProviderRemoved':
      return {
        status: 'removed',
        providerId: event.data.providerId,
        name: event.data.name,
        kept:
          state.status === 'listed' && event.data.removedAt
            ? {
                details: state.details,
                prices: state.prices,
                published: state.published,
                facts: state.facts,
                removedAt: event.data.removedAt,
                ...(state.draft ? { draft: true as const } : {}),
              }
            : null,
      };
    case 'ProviderRestored':
      return {
        status: 'listed',
        providerId: event.data.providerId,
        details: { ...event.data.details, featured: false },
        prices: event.data.prices,
        published: state.status === 'removed' ? (state.kept?.published ?? null) : null,
        // Not in the event: kept by the state (and by the read model's trash) since the removal.
        facts:
          state.status === 'removed' ? (state.kept?.facts ?? NO_PROVIDER_FACTS) : NO_PROVIDER_FACTS,
        ...(event.data.draft ? { draft: true as const } : {}),
      };
  }
  if (state.status !== 'listed') return state;
  switch (event.type) {
    case 'ProviderDetailsChanged':
      return { ...state, details: { ...state.details, ...event.data.changes } };
    case 'ProviderPricesChanged':
      return { ...state, prices: event.data.prices };
    case 'ProviderPricesVerified':
      return state;
    case 'ProviderPublished': {
      const { draft: _draft, ...published } = state;
      return published;
    }
    case 'ProviderFeatured':
      return { ...state, details: { ...state.details, featured: true } };
    case 'ProviderUnfeatured':
      return { ...state, details: { ...state.details, featured: false } };
    case 'VialScoreRecomputed':
      return { ...state, published: { score: event.data.score, month: event.data.month } };
    case 'ProviderOffersChanged':
      // The tables follow the offers (as in the read model), so a restore carries them.
      return {
        ...state,
        prices: priceTablesFromOffers(event.data.offers),
        facts: { ...state.facts, offers: event.data.offers },
      };
    case 'ProviderFeesChanged':
      return { ...state, facts: { ...state.facts, fees: event.data.fees } };
    case 'ProviderTermsChanged':
      return { ...state, facts: { ...state.facts, terms: event.data.terms } };
    case 'ProviderTrustFactsChanged':
      return { ...state, facts: { ...state.facts, trust: event.data.trust } };
    case 'ProviderFactsChecked':
      return { ...state, facts: factsChecked(state.facts, event.data) };
  }
}

/** A group's checks moved to a new date (and source, when one is given); demo no longer. */
export function factsChecked(
  facts: ProviderFacts,
  check: { group: FactGroup; checkedOn: string; source: Source | null },
): ProviderFacts {
  const recheck = (checked: CheckedFact): CheckedFact => ({
    source: check.source ?? checked.source,
    checkedOn: check.checkedOn,
  });
  switch (check.group) {
    case 'offers':
      return {
        ...facts,
        offers:
          facts.offers?.map((offer) => ({ ...offer, checked: recheck(offer.checked) })) ?? null,
      };
    case 'fees':
      return {
        ...facts,
        fees: facts.fees && { ...facts.fees, checked: recheck(facts.fees.checked) },
      };
    case 'terms':
      return {
        ...facts,
        terms: facts.terms && { ...facts.terms, checked: recheck(facts.terms.checked) },
      };
    case 'trust':
      return {
        ...facts,
        trust: facts.trust && { ...facts.trust, checked: recheck(facts.trust.checked) },
      };
  }
}

/** The checks of a group as entered: one per offer, one for each other group; [] if none. */
function checksOf(facts: ProviderFacts, group: FactGroup): CheckedFact[] {
  if (group === 'offers') return (facts.offers ?? []).map((offer) => offer.checked);
  const entered = facts[group];
  return entered ? [entered.checked] : [];
}

/** The check dates a group carries, to refuse a date after today (one day's grace for time zones). */
function refuseFutureChecks(dates: readonly (string | null)[], now: Date): void {
  for (const date of dates) {
    if (date !== null && (daysSince(date, now) ?? 0) < -1) fail('provider_check_in_future');
  }
}

export function foldProvider(events: readonly ProviderEvent[]): ProviderState {
  return events.reduce(evolveProvider, initialProviderState);
}

/** 'YYYY-MM' in UTC: the month a Vial Score is published for. */
export function scoreMonth(now: Date): string {
  return now.toISOString().slice(0, 7);
}

/** The Vial Score the provider's current data gives (may differ from the published one). */
export function pendingVialScore(state: Pick<ListedProvider, 'details' | 'prices'>): VialScore {
  return computeVialScore({ ...state.details, prices: state.prices });
}

export function decideProvider(
  command: ProviderCommand,
  state: ProviderState,
  now: Date,
): ProviderEvent[] {
  if (command.type === 'ListProvider') {
    if (state.status === 'removed') fail('provider_removed');
    if (state.status !== 'absent') fail('provider_already_listed');
    const { providerId, details, prices } = command;
    // A draft has no score and is not featured until it is published (no public place yet).
    if (command.draft) {
      return [
        {
          type: 'ProviderDrafted',
          data: { providerId, details: { ...details, featured: false }, prices },
        },
      ];
    }
    const events: ProviderEvent[] = [
      {
        type: 'ProviderListed',
        data: { providerId, details: { ...details, featured: false }, prices },
      },
      {
        type: 'VialScoreRecomputed',
        data: {
          providerId,
          score: pendingVialScore({ details, prices }),
          reason: 'listed',
          month: scoreMonth(now),
          methodVersion: VIAL_SCORE_METHOD_VERSION,
        },
      },
    ];
    if (details.featured) events.push({ type: 'ProviderFeatured', data: { providerId } });
    return events;
  }

  if (state.status === 'absent') fail('provider_not_found');
  if (command.type === 'RestoreProvider') return restore(state, now);
  if (state.status === 'removed') fail('provider_removed');
  const { providerId } = state;

  switch (command.type) {
    case 'PublishProvider':
      if (!state.draft) fail('provider_not_draft');
      // Its first public score, computed from the data as reviewed.
      return [
        { type: 'ProviderPublished', data: { providerId } },
        {
          type: 'VialScoreRecomputed',
          data: {
            providerId,
            score: pendingVialScore(state),
            reason: 'listed',
            month: scoreMonth(now),
            methodVersion: VIAL_SCORE_METHOD_VERSION,
          },
        },
      ];
    case 'ChangeProviderDetails': {
      const events: ProviderEvent[] = [];
      const diff = diffDetails(state.details, command.details);
      if (diff.changedFields.length > 0) {
        events.push({ type: 'ProviderDetailsChanged', data: { providerId, ...diff } });
      }
      if (command.details.featured !== state.details.featured) {
        events.push({
          type: command.details.featured ? 'ProviderFeatured' : 'ProviderUnfeatured',
          data: { providerId },
        });
      }
      return events;
    }
    case 'ChangeProviderPrices':
      if (state.facts.offers !== null) fail('provider_prices_in_offers');
      return samePrices(state.prices, command.prices)
        ? []
        : [
            {
              type: 'ProviderPricesChanged',
              data: {
                providerId,
                prices: command.prices,
                // Which tables moved, so a concurrent save can merge by field (issue 27).
                fields: (['semaglutide', 'tirzepatide'] as const)
                  .filter((m) => !samePriceTable(state.prices[m], command.prices[m]))
                  .map((m) => `prices.${m}`),
              },
            },
          ];
    case 'VerifyProviderPrices':
      return [
        { type: 'ProviderPricesVerified', data: { providerId, verifiedAt: now.toISOString() } },
      ];
    case 'RemoveProvider':
      return [
        {
          type: 'ProviderRemoved',
          data: {
            providerId,
            name: state.details.name,
            removedAt: now.toISOString(),
            ...(state.draft ? { draft: true as const } : {}),
          },
        },
      ];
    case 'SetProviderFeatured':
      return command.featured === state.details.featured
        ? []
        : [
            {
              type: command.featured ? 'ProviderFeatured' : 'ProviderUnfeatured',
              data: { providerId },
            },
          ];
    case 'ChangeProviderOffers':
      refuseFutureChecks(
        command.offers.map((offer) => offer.checked.checkedOn),
        now,
      );
      return state.facts.offers !== null && sameValue(state.facts.offers, command.offers)
        ? []
        : [{ type: 'ProviderOffersChanged', data: { providerId, offers: command.offers } }];
    case 'ChangeProviderFees':
      refuseFutureChecks([command.fees.checked.checkedOn], now);
      return sameValue(state.facts.fees, command.fees)
        ? []
        : [{ type: 'ProviderFeesChanged', data: { providerId, fees: command.fees } }];
    case 'ChangeProviderTerms':
      refuseFutureChecks([command.terms.checked.checkedOn], now);
      return sameValue(state.facts.terms, command.terms)
        ? []
        : [{ type: 'ProviderTermsChanged', data: { providerId, terms: command.terms } }];
    case 'ChangeProviderTrustFacts':
      refuseFutureChecks([command.trust.checked.checkedOn], now);
      return sameValue(state.facts.trust, command.trust)
        ? []
        : [{ type: 'ProviderTrustFactsChanged', data: { providerId, trust: command.trust } }];
    case 'CheckProviderFacts': {
      const { group } = command;
      const checks = checksOf(state.facts, group);
      if (checks.length === 0) fail('provider_facts_not_entered');
      const checkedOn = command.checkedOn ?? isoDay(now);
      refuseFutureChecks([checkedOn], now);
      const source = command.source ?? null;
      // Checked again the same day from the same source: nothing new to record.
      const same = checks.every(
        (c) =>
          c.demo !== true &&
          c.checkedOn === checkedOn &&
          (source === null || sameValue(c.source, source)),
      );
      return same
        ? []
        : [{ type: 'ProviderFactsChecked', data: { providerId, group, checkedOn, source } }];
    }
    case 'RecomputeVialScore': {
      // A draft's score is published with it: the monthly run passes it by, a request is refused.
      if (state.draft) {
        if (command.reason === 'monthly') return [];
        fail('provider_draft_unscored');
      }
      const score = pendingVialScore(state);
      const month = scoreMonth(now);
      const changed = state.published === null || !sameValue(state.published.score, score);
      const newMonth = command.reason === 'monthly' && state.published?.month !== month;
      return changed || newMonth
        ? [
            {
              type: 'VialScoreRecomputed',
              data: {
                providerId,
                score,
                reason: command.reason,
                month,
                methodVersion: VIAL_SCORE_METHOD_VERSION,
              },
            },
          ]
        : [];
    }
  }
}

/** Restoring: back as it was (featured again if it was), if removed less than TRASH_DAYS ago. */
function restore(state: ListedProvider | Extract<ProviderState, { status: 'removed' }>, now: Date) {
  if (state.status !== 'removed') fail('provider_not_removed');
  const { kept, providerId } = state;
  const age = kept ? now.getTime() - Date.parse(kept.removedAt) : Number.POSITIVE_INFINITY;
  if (!kept || age > TRASH_DAYS * 24 * 60 * 60 * 1000) fail('provider_trash_expired');
  const events: ProviderEvent[] = [
    {
      type: 'ProviderRestored',
      data: {
        providerId,
        details: { ...kept.details, featured: false },
        prices: kept.prices,
        ...(kept.draft ? { draft: true as const } : {}),
      },
    },
  ];
  if (kept.details.featured) events.push({ type: 'ProviderFeatured', data: { providerId } });
  return events;
}

/** Lists where order carries no meaning: the same members in another order is no change. */
const SET_FIELDS = new Set<keyof ProviderDetails>(['states', 'medications']);

/**
 * The fields of `next` that differ from `current` (never `featured`: it has its own events).
 * Card content is compared field by field and reported as `card.{field}`; when any card
 * field changed, `changes.card` carries the whole new card so evolve can replace it.
 */
export function diffDetails(
  current: ProviderDetails,
  next: ProviderDetails,
): { changes: ProviderDetailsChanges; changedFields: string[] } {
  const changes: Record<string, unknown> = {};
  const changedFields: string[] = [];
  for (const key of Object.keys(next) as (keyof ProviderDetails)[]) {
    if (key === 'featured') continue;
    if (key === 'card') {
      const cardFields = (Object.keys(next.card) as (keyof ProviderDetails['card'])[]).filter(
        (field) => !sameValue(current.card?.[field], next.card[field]),
      );
      if (cardFields.length > 0) {
        changes.card = next.card;
        changedFields.push(...cardFields.map((field) => `card.${field}`));
      }
      continue;
    }
    const same = SET_FIELDS.has(key)
      ? sameMembers(current[key] as string[], next[key] as string[])
      : sameValue(current[key], next[key]);
    if (!same) {
      changes[key] = next[key];
      changedFields.push(key);
    }
  }
  return { changes: changes as ProviderDetailsChanges, changedFields };
}

function sameMembers(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  const left = new Set(a ?? []);
  const right = new Set(b ?? []);
  return left.size === right.size && [...left].every((item) => right.has(item));
}

/** Structural equality of plain data (objects compared regardless of key order). */
export function sameValue(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : v,
  );
}

/** The record read models and rules work from, given state and the stream's timestamps. */
export function providerRecord(
  state: ListedProvider,
  times: { createdAt: string; updatedAt: string },
): ProviderRecord {
  return { id: state.providerId, ...state.details, prices: state.prices, ...times };
}

/** The provider write model: one stream `provider-{id}` per provider. */
export const providerDecider: Decider<ProviderCommand, ProviderEvent, ProviderState> = {
  decide: decideProvider,
  evolve: evolveProvider,
  initialState: initialProviderState,
};

/**
 * A provider slug's reservation: one stream `providerslug-{slug}` (events.ts), the shared
 * reservation rule with the providers' events. A slug is held while its provider is listed:
 * a rename releases the old one, a removal releases it, a restore reserves it again.
 */
export const providerSlugDecider = reservation<ProviderSlugEvent>({
  reserved: (slug, providerId) => ({ type: 'ProviderSlugReserved', data: { slug, providerId } }),
  // Providers keep no redirects: a released slug is simply free.
  released: (slug, providerId) => ({ type: 'ProviderSlugReleased', data: { slug, providerId } }),
  holderAfter: (event) => (event.type === 'ProviderSlugReserved' ? event.data.providerId : null),
  taken: (slug) => {
    throw providerSlugTaken(slug);
  },
});
