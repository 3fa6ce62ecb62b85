/**
 * The provider pages' questions: one listed provider by its page slug, with its history (the
 * page and the compare table), and every listed provider's address and last change (the
 * sitemap and the /providers index). A slug is resolved over all listed providers by the
 * domain's rule, so renaming a provider moves its page; the index of every address resolves
 * them all in one pass (`slugIndex`), not each over all (quadratic: issue 28).
 *
 * A page resolves its slug over the listed providers' names and creation order only, then
 * reads the one record by `_id`: what its render depends on is those fields of every record
 * and that record (projections/read-matching.ts), so a price change of one provider leaves
 * the other providers' pages in the page cache (issue 28).
 */
import { buildProviderPage, type ProviderPageView } from '../../domain/providers/provider-page';
import { providerSlug, resolveSlug, slugIndex } from '../../domain/providers/slug';
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
  /**
   * Who may hold a slug: names and creation order, not the records. Drafts have no page (nor
   * a place in the sitemap, the index or the comparison).
   */
  const named = () =>
    store
      .collection<NameFields>(PROVIDER_COLLECTIONS.providers)
      .find(PUBLIC_PROVIDERS, { projection: NAME_PROJECTION });
  /** The listed record a slug resolved to (null if it went meanwhile). */
  const record = async (found: NameFields | null): Promise<ProviderDoc | null> => {
    if (!found) return null;
    // Prices are stored as { dose, price } lists: the codec gives the page its dose tables.
    const doc = await pricedCollection(
      store.collection<ProviderDoc>(PROVIDER_COLLECTIONS.providers),
    ).findOne({ _id: found._id });
    return doc && doc.draft !== true ? doc : null;
  };

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
      const doc = await record(resolveSlug(await named(), slug));
      return doc ? page(doc) : null;
    },
    /** The listed provider with this page slug (its id, name and slug); null when none. */
    async listedProvider(slug: string): Promise<{ id: string; name: string; slug: string } | null> {
      const doc = resolveSlug(await named(), slug);
      return doc ? { id: doc.id, name: doc.name, slug: providerSlug(doc.name) } : null;
    },
    /** Several pages at once, in the order asked; `missing` names the slugs nobody has. */
    async providerPages(
      slugs: readonly string[],
    ): Promise<{ pages: ProviderPageView[]; missing: string[] }> {
      const all = await named();
      const pages: ProviderPageView[] = [];
      const missing: string[] = [];
      for (const slug of slugs) {
        const doc = await record(resolveSlug(all, slug));
        if (doc) pages.push(await page(doc));
        else missing.push(slug);
      }
      return { pages, missing };
    },
    /**
     * Every listed provider's page address, by name (one per slug: the first listed). One pass
     * over the records' names and dates (not their prices, history or cards).
     */
    async listedProviderLinks(): Promise<ListedProviderLink[]> {
      const all = await store
        .collection<LinkFields>(PROVIDER_COLLECTIONS.providers)
        .find(PUBLIC_PROVIDERS, { sort: { name: 1 }, projection: LINK_PROJECTION });
      const bySlug = slugIndex(all);
      const links: ListedProviderLink[] = [];
      for (const [slug, doc] of bySlug) {
        const checked = doc.pricesCheckedAt ?? '';
        links.push({
          id: doc.id,
          name: doc.name,
          slug,
          changedAt: checked > doc.updatedAt ? checked : doc.updatedAt,
        });
      }
      // By name: a slug sits where its first insertion did, while its record may be a later one.
      return links.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    },
  };
}

/** What resolving a slug reads of a provider record. */
type NameFields = Pick<ProviderDoc, '_id' | 'id' | 'name' | 'createdAt'>;

const NAME_PROJECTION = { _id: 1, id: 1, name: 1, createdAt: 1 } as const;

/** What the index of addresses reads of a provider record. */
type LinkFields = Pick<
  ProviderDoc,
  '_id' | 'id' | 'name' | 'createdAt' | 'updatedAt' | 'pricesCheckedAt'
>;

const LINK_PROJECTION = {
  _id: 1,
  id: 1,
  name: 1,
  createdAt: 1,
  updatedAt: 1,
  pricesCheckedAt: 1,
} as const;
