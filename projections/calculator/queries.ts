/**
 * The calculator's one read: every listed provider's entered price tables (no visitor input).
 * Drafts are left out (issue 27): they are on no public page.
 */
import { enteredPrices, type ProviderPriceTables } from '../../domain/calculator/provider-prices';
import { effectiveOffers, providerSlug } from '../../domain/providers';
import {
  PROVIDER_COLLECTIONS,
  PUBLIC_PROVIDERS,
  pricedCollection,
  type AdminProviderDoc,
} from '../providers';
import type { ReadStore } from '../read-store/port';

export function calculatorQueries(store: ReadStore) {
  return {
    /** Listed providers with at least one entered price, by name. */
    async providerPriceTables(): Promise<ProviderPriceTables[]> {
      // Prices are stored as { dose, price } lists: the codec gives back the dose tables.
      const docs = await pricedCollection(
        store.collection<AdminProviderDoc>(PROVIDER_COLLECTIONS.adminProviders),
      ).find(PUBLIC_PROVIDERS, { sort: { name: 1, _id: 1 } });
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

    /** The dosage calculator's presets: listed providers' vials with a concentration. */
    async concentrationPresets(): Promise<ConcentrationPreset[]> {
      const docs = await pricedCollection(
        store.collection<AdminProviderDoc>(PROVIDER_COLLECTIONS.adminProviders),
      ).find(PUBLIC_PROVIDERS, { sort: { name: 1, _id: 1 } });
      return concentrationPresetsOf(docs);
    },
  };
}

/** A listed provider's vial sold at a stated concentration: a preset of the dosage calculator. */
export interface ConcentrationPreset {
  name: string;
  slug: string;
  medication: 'semaglutide' | 'tirzepatide';
  /** The offer's form ('compounded-vial', 'brand-vial', 'compounded-other'). */
  form: string;
  concentrationMgPerMl: number;
}

/**
 * Every listed provider's offers with a concentration entered (vials and other liquids), by
 * provider name, then medication and concentration; one preset per provider, medication and
 * concentration.
 */
export function concentrationPresetsOf(
  docs: readonly Pick<
    AdminProviderDoc,
    'name' | 'facts' | 'prices' | 'pricesCheckedAt' | 'websiteUrl'
  >[],
): ConcentrationPreset[] {
  const presets: ConcentrationPreset[] = [];
  for (const doc of docs) {
    const seen = new Set<string>();
    const offers = [...effectiveOffers(doc)].sort(
      (a, b) =>
        a.medication.localeCompare(b.medication) ||
        (a.concentrationMgPerMl ?? 0) - (b.concentrationMgPerMl ?? 0),
    );
    for (const offer of offers) {
      const mgPerMl = offer.concentrationMgPerMl;
      if (mgPerMl === null) continue;
      const key = `${offer.medication}|${mgPerMl}`;
      if (seen.has(key)) continue;
      seen.add(key);
      presets.push({
        name: doc.name,
        slug: providerSlug(doc.name),
        medication: offer.medication,
        form: offer.form,
        concentrationMgPerMl: mgPerMl,
      });
    }
  }
  return presets;
}

export type CalculatorQueries = ReturnType<typeof calculatorQueries>;
