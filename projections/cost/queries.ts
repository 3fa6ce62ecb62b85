/**
 * The cost capability's read side, over the providers' read model (through its index, as
 * projections/calculator does): every listed provider as the /cost ranking and the open data
 * read it, and the ranking for a choice.
 *
 * What does not change between events is not recomputed per request: the provider list (the
 * offers in force, the fees, the terms) is built once per version of the providers' read model,
 * and each choice's ranking once per version (the last 256 choices asked). The version is the
 * providers projector's checkpoint: it moves after every event it has applied, and only after
 * the documents are written, so a list built at one version never misses that version's data.
 */
import {
  effectiveOffers,
  providerSlug,
  type Fees,
  type Offer,
  type Terms,
} from '../../domain/providers';
import { rankAllInCosts, type CostChoice, type RankedCost } from '../../domain/cost';
import {
  PROVIDER_COLLECTIONS,
  PUBLIC_PROVIDERS,
  pricedCollection,
  providerDatesQueries,
  providersProjector,
  type ProviderDoc,
} from '../providers';
import type { ReadStore } from '../read-store/port';

/** A listed provider as /cost and the open data read it. */
export interface CostListedProvider {
  id: string;
  /** Its stream revision: what it shows changes only with it (the open data's rows are kept by it). */
  revision: number;
  name: string;
  /** Its page: /providers/{slug}. */
  slug: string;
  states: readonly string[];
  /** The offers in force: entered, or read from the old price tables (effectiveOffers). */
  offers: readonly Offer[];
  /** null: never entered (every fee unknown). */
  fees: Fees | null;
  /** null: never entered. */
  terms: Terms | null;
  /** Whether the site is paid for this provider's link; null: unknown. Never ranked on. */
  commission: boolean | null;
}

const RANKINGS_KEPT = 256;

/** The choice as a key: its fields in a fixed order. */
export const costChoiceKey = (choice: CostChoice) =>
  [
    choice.medication,
    choice.form,
    choice.months,
    choice.state,
    choice.maintenanceDoseMg ?? '',
  ].join('|');

function toCostProvider(doc: ProviderDoc): CostListedProvider {
  return {
    id: doc.id,
    revision: doc.revision,
    name: doc.name,
    slug: providerSlug(doc.name),
    states: doc.states,
    offers: effectiveOffers(doc),
    fees: doc.facts?.fees ?? null,
    terms: doc.facts?.terms ?? null,
    commission: doc.facts?.trust?.commission ?? null,
  };
}

export function costQueries(store: ReadStore) {
  const dates = providerDatesQueries(store);
  const version = async () => (await store.getCheckpoint(providersProjector.name)) ?? '';

  let listed: { version: string; providers: Promise<CostListedProvider[]> } | null = null;
  let rankings: { version: string; byChoice: Map<string, RankedCost<CostListedProvider>[]> } = {
    version: '',
    byChoice: new Map(),
  };

  async function providersAt(at: string): Promise<CostListedProvider[]> {
    if (listed?.version !== at) {
      const providers = pricedCollection(
        store.collection<ProviderDoc>(PROVIDER_COLLECTIONS.providers),
      )
        // Drafts are on no public list (issue 27).
        .find(PUBLIC_PROVIDERS, { sort: { name: 1, _id: 1 } })
        .then((docs) => docs.map(toCostProvider));
      listed = { version: at, providers };
      // A failed read is not kept.
      providers.catch(() => {
        if (listed?.providers === providers) listed = null;
      });
    }
    return listed.providers;
  }

  return {
    /** The version the lists below are built at (the providers projector's checkpoint). */
    costDataVersion: version,

    /** Every listed provider, by name, with the offers in force, fees, terms and commission. */
    async costProviders(): Promise<CostListedProvider[]> {
      return providersAt(await version());
    },

    /** The /cost ranking for a complete choice (domain/cost: rankAllInCosts). */
    async costRanking(choice: CostChoice): Promise<RankedCost<CostListedProvider>[]> {
      const at = await version();
      const providers = await providersAt(at);
      if (rankings.version !== at) rankings = { version: at, byChoice: new Map() };
      const key = costChoiceKey(choice);
      const kept = rankings.byChoice.get(key);
      if (kept) {
        // Most recently used last: the oldest is the first to go.
        rankings.byChoice.delete(key);
        rankings.byChoice.set(key, kept);
        return kept;
      }
      const ranked = rankAllInCosts(providers, choice);
      rankings.byChoice.set(key, ranked);
      if (rankings.byChoice.size > RANKINGS_KEPT) {
        const oldest = rankings.byChoice.keys().next().value;
        if (oldest !== undefined) rankings.byChoice.delete(oldest);
      }
      return ranked;
    },

    /** When the provider data last changed (the sitemap's last-modified for /cost). */
    async costDataChangedAt(): Promise<string | null> {
      return (await dates.providerDates()).providersChangedAt;
    },
  };
}

export type CostQueries = ReturnType<typeof costQueries>;
