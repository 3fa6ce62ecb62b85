/**
 * Site content, one definition for the pages, the routes and the back office:
 *   GET  /api/site-content                    { key: content } of the active rows (public)
 *   GET  /api/site-settings                   contact e-mail and donation URL (public)
 *   GET  /api/seo-overrides                   every page's SEO override (public: the page head)
 *   GET  /api/admin/site-content              every row, active or not, and the known keys
 *   PUT  /api/admin/site-content/:key         { content, active } creates or changes the row
 *     400 { error, fields: { content } }     the message names the key and what it must be
 *   GET  /api/admin/seo-overrides             every override
 *   PUT  /api/admin/seo-overrides             { pageType, pageSlug | path, metaTitle, ... }
 *     400 { error, fields: { canonicalUrl, ... } }
 *   DELETE /api/admin/seo-overrides/:pageType/:pageSlug   404 when there is none
 * Every change answers after the read models have it (read-your-writes), and every change
 * is an event: the page cache, versioned by the event log, renders the page anew.
 */
import type { SiteContentKey } from '../../domain/site-content/keys';
import type { SeoOverride, SeoPageType } from '../../domain/site-content/seo';

export {
  SITE_CONTENT_KEYS,
  SITE_CONTENT_KEY_LIST,
  contentShape,
  validateSiteContent,
  type SiteContentKey,
} from '../../domain/site-content/keys';
export {
  ROBOTS_DIRECTIVES,
  SEO_FIELD_NAMES,
  SEO_LIMITS,
  SEO_PAGE_TYPES,
  SEO_PAGE_TYPE_LABELS,
  SERP_DESCRIPTION_CHARS,
  SERP_TITLE_CHARS,
  cutForPreview,
  seoPageRefFromPath,
  seoPath,
  validateSeoOverride,
  type SeoOverride,
  type SeoPageType,
} from '../../domain/site-content/seo';

/** Editable page content by key (hero_title, hero_subtitle, ...): active rows only. */
export type SiteContentView = Record<string, string>;

/** What the operator configured for the public pages (never hard-coded in the web app). */
export interface SiteSettingsView {
  /**
   * The active contact_email content, else CONTACT_EMAIL, or null when neither is set (the
   * pages then offer the contact form only).
   */
  contactEmail: string | null;
  /** DONATION_URL, or null when unset (the donate button is disabled and says why). */
  donationUrl: string | null;
}

/** One content row in the back office. */
export interface SiteContentRowView {
  key: SiteContentKey;
  content: string;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

export type SeoOverrideView = SeoOverride & { updatedAt: string };

export interface SetSiteContentBody {
  content: string;
  active: boolean;
}

export const SITE_CONTENT_PATHS = {
  /** GET: every active key with its content. Public. */
  all: '/api/site-content',
  /** GET: the site settings. Public. */
  settings: '/api/site-settings',
  /** GET: every SEO override. Public. */
  seoOverrides: '/api/seo-overrides',
  /** GET: every row (back office). */
  adminRows: '/api/admin/site-content',
  /** PUT { content, active }. */
  adminRow: (key: string) => `/api/admin/site-content/${encodeURIComponent(key)}`,
  /** GET: every override; PUT: save one. */
  adminSeo: '/api/admin/seo-overrides',
  /** DELETE one. */
  adminSeoOne: (pageType: SeoPageType, pageSlug: string) =>
    `/api/admin/seo-overrides/${encodeURIComponent(pageType)}/${encodeURIComponent(pageSlug)}`,
} as const;
