/**
 * Site content: the static pages (about, contact, support, the legal pages...), their place in
 * the sitemap and the site search, the settings the pages show (CONTACT_EMAIL, DONATION_URL),
 * the editable texts (hero, benefits, about texts, contact e-mail: domain/site-content/keys.ts)
 * and the SEO overrides of any public page, both edited in the back office as events.
 */
import { SITE_CONTENT_KEYS, isSiteContentKey } from '../../domain/site-content/keys';
import {
  INDEXABLE_PAGES as indexable,
  siteContent as siteContentBackend,
} from '../../workers/site-content/capability';
import { defineHttpCapability } from '../bootstrap/capability';
import {
  SITE_CONTENT_PATHS,
  type SeoOverrideView,
  type SiteContentView,
  type SiteSettingsView,
} from './contracts';
import { siteContentRoutes } from './routes';

export const siteContent = defineHttpCapability(siteContentBackend, {
  publicReads: [
    {
      path: SITE_CONTENT_PATHS.all,
      read: (queries): Promise<SiteContentView> => queries.activeSiteContent(),
    },
    {
      path: SITE_CONTENT_PATHS.settings,
      read: async (queries, _params, { config }): Promise<SiteSettingsView> => ({
        contactEmail:
          (await queries.activeSiteContent()).contact_email ?? config.CONTACT_EMAIL ?? null,
        donationUrl: config.DONATION_URL ?? null,
      }),
    },
    {
      path: SITE_CONTENT_PATHS.seoOverrides,
      read: async (queries): Promise<SeoOverrideView[]> =>
        (await queries.seoOverrides()).map(({ _id: _ignored, ...row }) => row),
    },
  ],
  /**
   * The static pages; the legal pages carry their stated last update. A page whose editable
   * content changed carries that change's date (the sitemap keeps the latest date per path).
   */
  async sitemap({ queries }) {
    const changed = new Map<string, string>();
    for (const row of await queries.siteContentRows()) {
      if (!isSiteContentKey(row.key)) continue;
      const page = SITE_CONTENT_KEYS[row.key].page;
      const known = changed.get(page);
      if (!known || row.updatedAt > known) changed.set(page, row.updatedAt);
    }
    const pages = indexable.map((page) => ({
      path: page.path,
      ...(page.lastUpdated ? { lastModified: page.lastUpdated } : {}),
    }));
    return [...pages, ...[...changed].map(([path, lastModified]) => ({ path, lastModified }))];
  },
  routes(routers, deps) {
    // The specification's duplicate cookie page, resolved: one page, the old address redirects.
    routers.site.get('/cookies', (_req, res) => res.redirect(301, '/cookie-policy'));
    siteContentRoutes(routers, deps);
  },
});
