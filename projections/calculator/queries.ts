/** The calculator's one read: every listed provider's entered price tables (no visitor input). */
import { enteredPrices, type ProviderPriceTables } from '../../domain/calculator/provider-prices';
import { providerSlug } from '../../domain/providers';
import { PROVIDER_COLLECTIONS, pricedCollection, type AdminProviderDoc } from '../providers';
import type { ReadStore } from '../read-store/port';

export function calculatorQueries(store: ReadStore) {
  return {
    /** Listed providers with at least one entered price, by name. */
    async providerPriceTables(): Promise<ProviderPriceTables[]> {
      // Through pricedCollection: the tables are stored as dose lists and read back as
      // label -> price (read raw, every list looked empty and nothing could be chosen).
      const docs = await pricedCollection(
        store.collection<AdminProviderDoc>(PROVIDER_COLLECTIONS.adminProviders),
      ).find({}, { sort: { name: 1, _id: 1 } });
      return docs
        .map((doc) => ({
          name: doc.name,
          slug: providerSlug(doc.name),
          prices: {
            semaglutide: enteredPrices(doc.prices?.semaglutide),
            tirzepatide: enteredPrices(doc.prices?.tirzepatide),
          },
        }))
        .filter(
          (p) =>
            Object.keys(p.prices.semaglutide).length + Object.keys(p.prices.tirzepatide).length > 0,
        );
    },
  };
}

export type CalculatorQueries = ReturnType<typeof calculatorQueries>;
