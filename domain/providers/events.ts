/**
 * Provider events: facts in the past tense, stored in the stream `provider-{id}`.
 * The zod schemas check data before it is appended (commands/) and document the shapes
 * projections read (projections/).
 *
 * Rules the events follow:
 * - `featured` is driven only by ProviderFeatured / ProviderUnfeatured. ProviderListed always
 *   carries `details.featured: false` and is followed by ProviderFeatured when the provider is
 *   listed as featured, so the history has one kind of fact per change.
 * - A removed provider stays in the trash for TRASH_DAYS days; ProviderRestored brings it back.
 * - ProviderDetailsChanged carries only the fields that changed (never `featured`).
 * - The published Vial Score is the last VialScoreRecomputed; editing details does not
 *   change it (scores update monthly, spec section 9).
 */
import { z } from 'zod';
import type { DomainEvent } from '../shared/envelope';
import { revertedChangeSchema } from '../shared/reverted-change';
// The stored shapes: events already in the log keep replaying whatever text they hold.
import {
  storedProviderDetailsSchema as providerDetailsSchema,
  storedProviderPricesSchema as providerPricesSchema,
} from './provider';
import {
  checkedOnSchema,
  factGroupSchema,
  storedFeesSchema,
  storedOffersSchema,
  storedSourceSchema,
  storedTermsSchema,
  storedTrustSchema,
} from './offers';

export const providerStreamId = (providerId: string): string => `provider-${providerId}`;
export const PROVIDER_STREAM_PREFIX = 'provider-';

export const vialScoreSchema = z.object({
  outOf5: z.number().min(0).max(5),
  outOf10: z.number().min(0).max(10),
  band: z.enum(['Excellent', 'Very Good', 'Good', 'Needs Improvement']),
  breakdown: z.array(
    z.object({
      input: z.string(),
      label: z.string(),
      weight: z.number(),
      normalised: z.number(),
      points: z.number(),
    }),
  ),
});

const providerId = z.string().min(1);

const changeableDetails = providerDetailsSchema.omit({ featured: true });

/**
 * Fields ProviderDetailsChanged may carry: any detail except `featured`, each optional.
 * The details schema's defaults are removed first: zod 4 applies a default inside an
 * optional field, which would turn every absent field into a "change" to its default.
 */
export const providerDetailsChangesSchema = z.object(
  Object.fromEntries(
    Object.entries(changeableDetails.shape).map(([key, schema]) => [
      key,
      (schema instanceof z.ZodDefault ? schema.unwrap() : schema).optional(),
    ]),
  ),
) as unknown as ReturnType<typeof changeableDetails.partial>; // same fields, minus defaults

export const providerEventSchemas = {
  ProviderListed: z.object({
    providerId,
    details: providerDetailsSchema,
    prices: providerPricesSchema,
  }),
  /**
   * Listed as a draft (a submission accepted, issue 27): in the back office only, on no public
   * page, list, count or search until ProviderPublished. Its Vial Score is first published then.
   * Providers listed before drafts existed (ProviderListed) are published.
   */
  ProviderDrafted: z.object({
    providerId,
    details: providerDetailsSchema,
    prices: providerPricesSchema,
  }),
  /** A draft reviewed and published: from now on it is public, like a listed provider. */
  ProviderPublished: z.object({ providerId }),
  ProviderDetailsChanged: z.object({
    providerId,
    changes: providerDetailsChangesSchema,
    /** Top-level field names, and `card.{field}` for card content fields. */
    changedFields: z.array(z.string()).min(1),
    /** Set by 'Revert this change': the change this one takes back (issue 27). */
    reverts: revertedChangeSchema.optional(),
  }),
  ProviderPricesChanged: z.object({
    providerId,
    prices: providerPricesSchema,
    /** 'prices.semaglutide', 'prices.tirzepatide': the tables that changed (absent on older events). */
    fields: z.array(z.string()).optional(),
    reverts: revertedChangeSchema.optional(),
  }),
  /** An administrator checked the prices on the provider's site: they stand as entered. */
  ProviderPricesVerified: z.object({ providerId, verifiedAt: z.iso.datetime() }),
  ProviderFeatured: z.object({ providerId, reverts: revertedChangeSchema.optional() }),
  ProviderUnfeatured: z.object({ providerId, reverts: revertedChangeSchema.optional() }),
  /** `removedAt`: when it went to the trash (absent on events older than the trash). */
  ProviderRemoved: z.object({
    providerId,
    name: z.string(),
    removedAt: z.iso.datetime().optional(),
    /** It was a draft: it was never public, and comes back from the trash as a draft. */
    draft: z.literal(true).optional(),
  }),
  /**
   * Back from the trash, as it was when removed. Like ProviderListed it carries
   * `details.featured: false` and is followed by ProviderFeatured when it was featured.
   */
  ProviderRestored: z.object({
    providerId,
    details: providerDetailsSchema,
    prices: providerPricesSchema,
    /** Back as a draft (it was one when removed): still on no public page. */
    draft: z.literal(true).optional(),
  }),
  /**
   * The cost-and-trust facts (issue 25, offers.ts), each group replaced as a whole. Until a
   * provider's first ProviderOffersChanged, its offers are its price tables' upcast
   * (offersFromPriceTables).
   */
  ProviderOffersChanged: z.object({ providerId, offers: storedOffersSchema }),
  ProviderFeesChanged: z.object({ providerId, fees: storedFeesSchema }),
  ProviderTermsChanged: z.object({ providerId, terms: storedTermsSchema }),
  ProviderTrustFactsChanged: z.object({ providerId, trust: storedTrustSchema }),
  /**
   * An administrator checked a group again: its facts stand, their checked date moves to
   * `checkedOn` (and a demo group is demo no longer). `source`: the source of every fact of the
   * group from now on; null: each keeps its own.
   */
  ProviderFactsChecked: z.object({
    providerId,
    group: factGroupSchema,
    checkedOn: checkedOnSchema,
    source: storedSourceSchema.nullable(),
  }),
  VialScoreRecomputed: z.object({
    providerId,
    score: vialScoreSchema,
    reason: z.enum(['listed', 'monthly', 'requested']),
    month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be YYYY-MM'),
    /** The method's version (VIAL_SCORE_METHOD_VERSION) that computed it; absent on older events. */
    methodVersion: z.string().max(20).optional(),
  }),
} as const;

/**
 * A provider's slug (its page address, slug.ts) reserved in its own stream
 * `providerslug-{slug}`, first appended at 'no stream', so two providers never get one address
 * (shared/reservation.ts). Not `provider-…`: a provider id 'slug-x' would share the stream.
 * Providers listed before reservations existed hold none: the API also checks the listed
 * providers (api/providers/routes.ts).
 */
export const PROVIDER_SLUG_STREAM_PREFIX = 'providerslug-';
export const providerSlugStreamId = (slug: string): string =>
  `${PROVIDER_SLUG_STREAM_PREFIX}${slug}`;

export const providerSlugEventSchemas = {
  ProviderSlugReserved: z.object({ slug: z.string().min(1), providerId }),
  /** Renamed away from it, or removed: another provider may take the slug. */
  ProviderSlugReleased: z.object({ slug: z.string().min(1), providerId }),
} as const;

type SlugSchemas = typeof providerSlugEventSchemas;
export type ProviderSlugEvent = {
  [T in keyof SlugSchemas]: DomainEvent<T, z.infer<SlugSchemas[T]>>;
}[keyof SlugSchemas];

type Schemas = typeof providerEventSchemas;
export type ProviderEventType = keyof Schemas;
export type ProviderEventData<T extends ProviderEventType> = z.infer<Schemas[T]>;

export type ProviderListed = ProviderEventData<'ProviderListed'>;
export type ProviderDrafted = ProviderEventData<'ProviderDrafted'>;
export type ProviderPublished = ProviderEventData<'ProviderPublished'>;
export type ProviderDetailsChanged = ProviderEventData<'ProviderDetailsChanged'>;
export type ProviderPricesChanged = ProviderEventData<'ProviderPricesChanged'>;
export type ProviderPricesVerified = ProviderEventData<'ProviderPricesVerified'>;
export type ProviderFeatured = ProviderEventData<'ProviderFeatured'>;
export type ProviderUnfeatured = ProviderEventData<'ProviderUnfeatured'>;
export type ProviderRemoved = ProviderEventData<'ProviderRemoved'>;
export type ProviderRestored = ProviderEventData<'ProviderRestored'>;
export type VialScoreRecomputed = ProviderEventData<'VialScoreRecomputed'>;
export type ProviderOffersChanged = ProviderEventData<'ProviderOffersChanged'>;
export type ProviderFeesChanged = ProviderEventData<'ProviderFeesChanged'>;
export type ProviderTermsChanged = ProviderEventData<'ProviderTermsChanged'>;
export type ProviderTrustFactsChanged = ProviderEventData<'ProviderTrustFactsChanged'>;
export type ProviderFactsChecked = ProviderEventData<'ProviderFactsChecked'>;
export type VialScoreReason = VialScoreRecomputed['reason'];
export type ProviderDetailsChanges = z.infer<typeof providerDetailsChangesSchema>;

/** Any provider event as a decider emits it. */
export type ProviderEvent = {
  [T in ProviderEventType]: DomainEvent<T, ProviderEventData<T>>;
}[ProviderEventType];

export const PROVIDER_EVENT_TYPES = Object.keys(providerEventSchemas) as ProviderEventType[];

export function isProviderEventType(type: string): type is ProviderEventType {
  return Object.hasOwn(providerEventSchemas, type);
}

/** Narrows a stored event ({ type, data }) to a provider event; data is trusted (validated on append). */
export function asProviderEvent(event: { type: string; data: unknown }): ProviderEvent | null {
  return isProviderEventType(event.type) ? (event as ProviderEvent) : null;
}
