/**
 * Site content: the static pages (about, contact, support, the legal pages...), their place in
 * the sitemap and the site search, the settings the pages show (CONTACT_EMAIL, DONATION_URL),
 * and the editable texts (hero...). Administrators cannot edit texts yet (the Site content
 * screen needs the back office's table and form kit); until then the read answers an empty
 * object and the pages use their built-in texts.
 */
import { STATIC_PAGES } from '../../domain/site-content/pages';
import { staticPageDocument } from '../../domain/shared/pages';
import { defineCapability } from '../bootstrap/capability';
import { SITE_CONTENT_PATHS, type SiteContentView, type SiteSettingsView } from './contracts';

const indexable = STATIC_PAGES.filter((page) => page.indexable !== false);

export const siteContent = defineCapability({
  name: 'site-content',
  publicReads: [
    { path: SITE_CONTENT_PATHS.all, read: async (): Promise<SiteContentView> => ({}) },
    {
      path: SITE_CONTENT_PATHS.settings,
      read: async (_queries, _params, { config }): Promise<SiteSettingsView> => ({
        contactEmail: config.CONTACT_EMAIL ?? null,
        donationUrl: config.DONATION_URL ?? null,
      }),
    },
  ],
  fixedSearchDocuments: indexable.map(staticPageDocument),
  /** The static pages; the legal pages carry their stated last update. */
  async sitemap() {
    return indexable.map((page) => ({
      path: page.path,
      ...(page.lastUpdated ? { lastModified: page.lastUpdated } : {}),
    }));
  },
  routes({ site }) {
    // The specification's duplicate cookie page, resolved: one page, the old address redirects.
    site.get('/cookies', (_req, res) => res.redirect(301, '/cookie-policy'));
  },
});
