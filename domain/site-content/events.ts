/**
 * Site content and SEO override events. One stream per content key (`site-content-{key}`)
 * and one per overridden page (`seo-{pageType}-{pageSlug}`): the keys and pages are few and
 * known, so each stream's history is that row's history (the audit log's entity history).
 */
import { z } from 'zod';
import type { DomainEvent } from '../shared/envelope';
import { eventNarrower } from '../shared/decider';
import { SITE_CONTENT_KEY_LIST } from './keys';
import { ROBOTS_DIRECTIVES, SEO_LIMITS, SEO_PAGE_TYPES, type SeoPageRef } from './seo';

export const siteContentStreamId = (key: string): string => `site-content-${key}`;
export const seoOverrideStreamId = ({ pageType, pageSlug }: SeoPageRef): string =>
  `seo-${pageType}-${pageSlug}`;

const key = z.enum(SITE_CONTENT_KEY_LIST);
/** Stored content: validated per key before it is decided (domain/site-content/keys.ts). */
const content = z.string().min(1).max(5000);
export const CONTENT_FIELDS = ['content', 'active'] as const;

const page = {
  pageType: z.enum(SEO_PAGE_TYPES),
  pageSlug: z.string().min(1).max(SEO_LIMITS.slug),
  path: z
    .string()
    .min(1)
    .max(SEO_LIMITS.slug + 20),
};
const url = z.string().max(SEO_LIMITS.url);

export const siteContentEventSchemas = {
  SiteContentCreated: z.object({ key, content, active: z.boolean() }),
  SiteContentChanged: z.object({
    key,
    content,
    active: z.boolean(),
    changedFields: z.array(z.enum(CONTENT_FIELDS)).min(1),
  }),
  SeoOverrideSaved: z.object({
    ...page,
    metaTitle: z.string().max(SEO_LIMITS.metaTitle),
    metaDescription: z.string().max(SEO_LIMITS.metaDescription),
    metaKeywords: z.string().max(SEO_LIMITS.metaKeywords),
    canonicalUrl: url,
    ogImageUrl: url,
    robotsDirective: z.union([z.literal(''), z.enum(ROBOTS_DIRECTIVES)]),
  }),
  SeoOverrideRemoved: z.object(page),
} as const;

type Schemas = typeof siteContentEventSchemas;
export type SiteContentEventType = keyof Schemas;
export type SiteContentCreated = z.infer<Schemas['SiteContentCreated']>;
export type SeoOverrideSaved = z.infer<Schemas['SeoOverrideSaved']>;

export type SiteContentEvent = {
  [K in SiteContentEventType]: DomainEvent<K, z.infer<Schemas[K]>>;
}[SiteContentEventType];

export type ContentRowEvent = Extract<
  SiteContentEvent,
  { type: 'SiteContentCreated' | 'SiteContentChanged' }
>;
export type SeoOverrideEvent = Extract<
  SiteContentEvent,
  { type: 'SeoOverrideSaved' | 'SeoOverrideRemoved' }
>;

export const SITE_CONTENT_EVENT_TYPES = Object.keys(
  siteContentEventSchemas,
) as SiteContentEventType[];

/** Narrows a stored event to a site content event; data is trusted (validated on append). */
export const asSiteContentEvent = eventNarrower<Schemas, SiteContentEvent>(siteContentEventSchemas);
