/**
 * The public reads, in process: what route loaders call during server-side rendering and what
 * the public JSON routes answer. The browser reaches the same reads over HTTP
 * (web/lib/api-client.ts), so a page shows the same data however it was loaded.
 */
import type { Queries } from '../projections';
import type { SiteApi } from './contracts/site-api';

export function createSiteApi(queries: Pick<Queries, 'featuredProviderCards'>): SiteApi {
  return {
    async featuredProviders() {
      // A card's `_id` is its provider id: the page keys and labels cards by it.
      return queries.featuredProviderCards();
    },
    // Editable site content (hero texts...) arrives with the site-content feature; until then
    // the pages use their built-in texts, which an empty object selects.
    async siteContent() {
      return {};
    },
  };
}
