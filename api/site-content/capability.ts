/**
 * Editable site content (hero texts...). Administrators cannot edit it yet (the site-content
 * issue builds that); until then the read answers an empty object and the pages use their
 * built-in texts.
 */
import { defineCapability } from '../bootstrap/capability';
import { SITE_CONTENT_PATHS, type SiteContentView } from './contracts';

export const siteContent = defineCapability({
  name: 'site-content',
  publicReads: [{ path: SITE_CONTENT_PATHS.all, read: async (): Promise<SiteContentView> => ({}) }],
});
