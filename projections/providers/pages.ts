/**
 * The provider pages' questions: one listed provider by its page slug, with its history (the
 * page and the compare table), and every listed provider's address and last change (the
 * sitemap and the /providers index). The set of providers is small (dozens): a slug is
 * resolved over all of them by the domain's rule, so renaming a provider moves its page.
 */
import { buildProviderPage, type ProviderPageView } from '../../domain/providers/provider-page';
import { providerSlug, resolveSlug } from '../../domain/providers/slug';
import type { ReadStore } from '../read-store/port';
import { providerHistoryQueries } from './history';
import { pricedCollection } from './stored-prices';
import { PROVIDER_COLLECTIONS, PUBLIC_PROVIDERS, type ProviderDoc } from './views';

export interface ListedProviderLink {
  id: string;
  name: string;
  slug: string;
  /** Last edit or price check, whichever is later (the sitemap's last-modified). */
  changedAt: string;
}

export function providerPageQueries(store: ReadStore) {
  const history = providerHistoryQueries(store);
  const providers = () =>
    // Prices are stored as { dose, price } lists: the codec gives the page its dose tables.
    // Drafts have no page (nor a place in the sitemap, the index or the comparison).
    pricedCollection(store.collection<ProviderDoc>(PROVIDER_COLLECTIONS.providers)).find(
      PUBLIC_PROVIDERS,
      { sort: { name: 1 } },
    );

  async function page(doc: ProviderDoc): Promise<ProviderPageView> {
    return buildProviderPage({
      record: doc,
      published: doc.publishedVialScore,
      publishedMonth: doc.vialScoreMonth,
      history: await history.providerHistory(doc.id),
    });
  }

  return {
    ...history,
    /** One provider's page; null when no listed provider has this slug. */
    async providerPage(slug: string): Promise<ProviderPageView | null> {
      const doc = resolveSlug(await providers(), slug);
      return doc ? page(doc) : null;
    },
    /** The listed provider with this page slug (its id, name and slug); null when none. */
    async listedProvider(slug: string): Promise<{ id: string; name: string; slug: string } | null> {
      const doc = resolveSlug(await providers(), slug);
      return doc ? { id: doc.id, name: doc.name, slug: providerSlug(doc.name) } : null;
    },
    /** Several pages at once, in the order asked; `missing` names the slugs nobody has. */
    async providerPages(
      slugs: readonly string[],
    ): Promise<{ pages: ProviderPageView[]; missing: string[] }> {
      const all = await providers();
      const pages: ProviderPageView[] = [];
      const missing: string[] = [];
      for (const slug of slugs) {
        const doc = resolveSlug(all, slug);
        if (doc) pages.push(await page(doc));
        else missing.push(slug);
      }
      return { pages, missing };
    },
    /** Every listed provider's page address, by name (one per slug: the first listed). */
    async listedProviderLinks(): Promise<ListedProviderLink[]> {
      const all = await providers();
      const links: ListedProviderLink[] = [];
      const seen = new Set<string>();
      for (const doc of all) {
        const slug = providerSlug(doc.name);
        if (slug === '' || seen.has(slug) || resolveSlug(all, slug)?.id !== doc.id) continue;
        seen.add(slug);
        const checked = doc.pricesCheckedAt ?? '';
        links.push({
          id: doc.id,
          name: doc.name,
          slug,
          changedAt: checked > doc.updatedAt ? checked : doc.updatedAt,
        });
      }
      return links;
    },
  };
}
