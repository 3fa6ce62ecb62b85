/**
 * Provider request and response shapes, shared by the API and the web app. Read models are
 * stored in these shapes, so a query returns them without reshaping.
 */
import type {
  ProviderDetails,
  ProviderDetailsInput,
  ProviderPrices,
} from '../../domain/providers/provider';
import type { VialScore as VialScoreView } from '../../domain/providers/vial-score';

/** A vial score with its public (out of 5) and back-office (out of 10) forms and band word. */
export type { VialScore as VialScoreView } from '../../domain/providers/vial-score';

/** One provider card of the public ranking (home page, city pages). */
export type { ProviderCard as ProviderCardView } from '../../domain/providers/provider-card';

/** One provider in the back-office list, with everything the edit form needs. */
export interface AdminProviderView extends ProviderDetails {
  _id: string;
  prices: ProviderPrices;
  /** The published score (the last monthly or requested recomputation). */
  vialScore: VialScoreView;
  /** The score the current data would give at the next recomputation. */
  pendingVialScore: VialScoreView;
  /** Stream revision, sent back with an edit for optimistic concurrency. */
  revision: number;
  createdAt: string;
  updatedAt: string;
}

/** POST /api/admin/providers: the form's details at the top level, plus the price tables. */
export interface NewProviderBody extends ProviderDetailsInput {
  prices?: ProviderPrices;
}

/** The worked example on /vial-score: the first-ranked provider's inputs and score. */
export interface VialScoreExampleView {
  providerId: string;
  name: string;
  statesServed: number;
  medications: string[];
  googleScore: number;
  trustpilotScore: number;
  /** Share of the standard ladder doses with a published price (0..1). */
  pricedLadderShare: number;
  /** What the provider's current data computes to. */
  computed: VialScoreView;
  /** What visitors see until the next recomputation (null before the first). */
  published: VialScoreView | null;
  publishedMonth: string | null;
}

/** GET /api/providers/vial-score-method (public). */
export interface VialScoreMethodView {
  version: string;
  /** The last VialScoreRecomputed event's time, or null when none was ever recorded. */
  lastRecomputedAt: string | null;
  example: VialScoreExampleView | null;
}

export const PROVIDER_PATHS = {
  /** GET: featured providers, ranked (rank 1 first). Public. */
  featured: '/api/providers/featured',
  /** GET: the Vial Score method's version, last recomputation and worked example. Public. */
  vialScoreMethod: '/api/providers/vial-score-method',
  /** GET (?q= search) the back-office list; POST a new provider. */
  admin: '/api/admin/providers',
  /** GET one; PUT { details, expectedRevision }; DELETE ?expectedRevision=. */
  adminOne: (id: string) => `/api/admin/providers/${encodeURIComponent(id)}`,
  /** PUT { prices, expectedRevision }. */
  adminPrices: (id: string) => `/api/admin/providers/${encodeURIComponent(id)}/prices`,
  /** POST: recompute and publish the Vial Score now. */
  adminVialScore: (id: string) => `/api/admin/providers/${encodeURIComponent(id)}/vial-score`,
} as const;
