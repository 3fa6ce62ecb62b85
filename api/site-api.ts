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
      const cards = await queries.featuredProviderCards();
      // Read-model documents carry their store id; the public shape does not need it.
      return cards.map(({ _id, ...card }) => card as (typeof cards)[number]);
    },
    // Editable site content (hero texts...) arrives with the site-content feature; until then
    // the pages use their built-in texts, which an empty object selects.
    async siteContent() {
      return {};
    },
  };
}
