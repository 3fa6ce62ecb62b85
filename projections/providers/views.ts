/**
 * The provider read models' documents. They are the API's response shapes
 * (api/providers/contracts.ts), restated from domain types because projections/ may not import
 * api/; tests/platform/projection/shapes.typecheck.ts checks the two stay the same.
 */
import type { Document } from '../read-store/port';
import type {
  ProviderDetails,
  ProviderPrices,
  ProviderRecord,
} from '../../domain/providers/provider';
import type { ProviderFacts } from '../../domain/providers/offers';
import type { ProviderCard } from '../../domain/providers/provider-card';
import type { VialScore } from '../../domain/providers/vial-score';

export const PROVIDER_COLLECTIONS = {
  providers: 'providers',
  adminProviders: 'admin_providers',
  ranking: 'public_provider_ranking',
  trash: 'trashed_providers',
} as const;

/** Everything known about a listed provider (removed providers are deleted). */
export type ProviderDoc = Document &
  ProviderRecord & {
    /** The last VialScoreRecomputed: what visitors see until the next recomputation. */
    publishedVialScore: VialScore | null;
    vialScoreMonth: string | null;
    revision: number;
    /**
     * Offers, fees, exit terms and trust facts as entered (absent on records projected before
     * they existed; domain/providers/offers.ts `effectiveOffers` reads the offers of either).
     */
    facts?: ProviderFacts;
    /**
     * A draft (issue 27): kept here so the records move together, but every public read leaves
     * it out (`PUBLIC_PROVIDERS`). Absent on providers listed before drafts existed: published.
     */
    draft?: true;
  };

/** The filter every public read of the records applies: drafts are on no public page. */
export const PUBLIC_PROVIDERS = { draft: { $ne: true } } as const;

/** AdminProviderView: the back-office list and edit form. */
export type AdminProviderDoc = Document &
  ProviderDetails & {
    prices: ProviderPrices;
    /** The published score. */
    vialScore: VialScore;
    /** The score the current data would give at the next recomputation. */
    pendingVialScore: VialScore;
    revision: number;
    createdAt: string;
    updatedAt: string;
    /** When the prices were last entered or verified; null when never. */
    pricesCheckedAt?: string | null;
    facts?: ProviderFacts;
    /** A draft: in the back office only, until published. */
    draft?: true;
  };

/** ProviderCardView: one card of the public ranking of featured providers. */
export type ProviderCardDoc = Document & ProviderCard;

/** A removed provider while it can be restored: its record as it was, and when it went. */
export type TrashedProviderDoc = ProviderDoc & { removedAt: string };
