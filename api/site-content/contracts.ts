/** Editable page content by key (hero_title, hero_subtitle, ...). */
export type SiteContentView = Record<string, string>;

/** What the operator configured for the public pages (never hard-coded in the web app). */
export interface SiteSettingsView {
  /** CONTACT_EMAIL, or null when unset (the pages then offer the contact form only). */
  contactEmail: string | null;
  /** DONATION_URL, or null when unset (the donate button is disabled and says why). */
  donationUrl: string | null;
}

export const SITE_CONTENT_PATHS = {
  /** GET: every key with its text. Public. */
  all: '/api/site-content',
  /** GET: the site settings from configuration. Public. */
  settings: '/api/site-settings',
} as const;
