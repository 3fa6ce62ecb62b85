/**
 * The /vial-score page's worked example: the provider ranked first on the public list, its
 * inputs as recorded and the score its current data computes to (with the same
 * computeVialScore the monthly recomputation runs), beside the score visitors see now.
 */
import {
  computeVialScore,
  pricingTransparency,
  type VialScore,
} from '../../domain/providers/vial-score';
import type { ReadStore } from '../read-store/port';
import { PROVIDER_COLLECTIONS, type ProviderCardDoc, type ProviderDoc } from './views';
import { pricedCollection } from './stored-prices';

export interface VialScoreExample {
  providerId: string;
  name: string;
  statesServed: number;
  medications: string[];
  googleScore: number | null;
  trustpilotScore: number | null;
  /** Share of the standard ladder doses with a published price (0..1). */
  pricedLadderShare: number;
  /** What the current data computes to. */
  computed: VialScore;
  /** What visitors see until the next recomputation (null before the first). */
  published: VialScore | null;
  publishedMonth: string | null;
}

export function vialScoreMethodQueries(store: ReadStore) {
  return {
    async vialScoreExample(): Promise<VialScoreExample | null> {
      const [first] = await store
        .collection<ProviderCardDoc>(PROVIDER_COLLECTIONS.ranking)
        .find({}, { sort: { rank: 1 }, limit: 1 });
      if (!first) return null;
      const provider = await pricedCollection(
        store.collection<ProviderDoc>(PROVIDER_COLLECTIONS.providers),
      ).findOne({ _id: first._id });
      if (!provider) return null;
      return {
        providerId: provider._id,
        name: provider.name,
        statesServed: new Set(provider.states).size,
        medications: [...provider.medications],
        googleScore: provider.googleScore,
        trustpilotScore: provider.trustpilotScore,
        pricedLadderShare: pricingTransparency(provider),
        computed: computeVialScore(provider),
        published: provider.publishedVialScore,
        publishedMonth: provider.vialScoreMonth,
      };
    },
  };
}
