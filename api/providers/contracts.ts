/**
 * Provider request and response shapes, shared by the API and the web app. Read models are
 * stored in these shapes, so a query returns them without reshaping.
 */
import type {
  ProviderDetails,
  ProviderDetailsInput,
  ProviderPrices,
} from '../../domain/providers/provider';
import type {
  FeesInput,
  OfferInput,
  ProviderFacts,
  Source,
  TermsInput,
  TrustInput,
} from '../../domain/providers/offers';
import type { FactGroup, RecheckItem } from '../../domain/providers/facts';
import type { VialScore as VialScoreView } from '../../domain/providers/vial-score';
import type { ProviderPageView } from '../../domain/providers/provider-page';
import type { ChangeEntry } from '../../domain/providers/change-log';
import type { StateCode } from '../../domain/shared/reference/states';
import { listQuery, type ListPaging } from '../../domain/shared/paging';
import type { ProviderCard } from '../../domain/providers/provider-card';
import type { RankedListRequest } from '../../domain/providers/list-view';

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
  /** When the prices were last entered or verified; null when never. */
  pricesCheckedAt?: string | null;
  /** Offers, fees, exit terms and trust facts; absent until any was entered. */
  facts?: ProviderFacts;
  /** A draft (a submission accepted): on no public page until published. Absent: published. */
  draft?: true;
}

/** POST /api/admin/providers/:id/publish: the revision the administrator reviewed, if known. */
export interface PublishProviderBody {
  expectedRevision?: number;
}

/** POST /api/admin/providers: the form's details at the top level, plus the price tables. */
export interface NewProviderBody extends ProviderDetailsInput {
  prices?: ProviderPrices;
  /** The new provider's id, made by the form when it opens: a repeated create makes one provider. */
  providerId?: string;
}

/** PUT /api/admin/providers/:id/offers: every offer, replaced as a whole. */
export interface ChangeOffersBody {
  offers: OfferInput[];
  expectedRevision?: number;
}
/** PUT /api/admin/providers/:id/fees. */
export interface ChangeFeesBody {
  fees: FeesInput;
  expectedRevision?: number;
}
/** PUT /api/admin/providers/:id/terms. */
export interface ChangeTermsBody {
  terms: TermsInput;
  expectedRevision?: number;
}
/** PUT /api/admin/providers/:id/trust. */
export interface ChangeTrustBody {
  trust: TrustInput;
  expectedRevision?: number;
}
/**
 * POST /api/admin/providers/:id/facts/:group/checked: 'Checked today'. `checkedOn` omitted:
 * today (UTC); `source` omitted or null: each fact keeps its own.
 */
export interface CheckFactsBody {
  checkedOn?: string;
  source?: Source | null;
}

/** GET /api/admin/providers/recheck: facts older than 90 days or never checked, oldest first. */
export type AdminRecheckItem = RecheckItem;
export type { FactGroup };

/** The worked example on /vial-score: the first-ranked provider's inputs and score. */
export interface VialScoreExampleView {
  providerId: string;
  name: string;
  statesServed: number;
  medications: string[];
  /** Null: not entered. */
  googleScore: number | null;
  trustpilotScore: number | null;
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

/** The columns the back-office list sorts by. */
export const PROVIDER_SORTS = [
  'name',
  'vialScore',
  'trustpilotScore',
  'googleScore',
  'updatedAt',
  'createdAt',
] as const;
export type ProviderSort = (typeof PROVIDER_SORTS)[number];
export const PROVIDER_PAGE_SIZES = [10, 25, 50, 100] as const;

/**
 * The list's query parameters, checked by the API with adminProviderListParams (list-params.ts,
 * whose schema must produce exactly this shape). Every one is optional: none is the whole list.
 */
/** Whether a provider is public yet: a draft is in the back office only. */
export const PROVIDER_STATUSES = ['draft', 'published'] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];

export interface AdminProviderListParams {
  q?: string;
  featured?: 'yes' | 'no';
  /** Drafts only, or published providers only (issue 27); omitted: both. */
  status?: ProviderStatus;
  state?: StateCode;
  /** Published Vial Score out of 10, at least. */
  minScore?: number;
  sort?: ProviderSort;
  dir?: 'asc' | 'desc';
  /** 1-based; given: the answer is a page (AdminProviderPage), not the whole array. */
  page?: number;
  pageSize?: number;
}

/** GET /api/admin/providers?page=: one page of the filtered, sorted list. */
export interface AdminProviderPage {
  rows: AdminProviderView[];
  /** How many providers match the filters (all pages). */
  total: number;
  page: number;
  pageSize: number;
}

/** POST /api/admin/providers/bulk: one action on several providers. */
export interface BulkProviderBody {
  action: 'feature' | 'unfeature' | 'delete';
  ids: string[];
}
/** What happened to each id, in the order sent. */
export interface BulkProviderResult {
  results: { id: string; ok: boolean; error?: string }[];
}

/** GET /api/admin/providers/trash: removed providers that can still be restored. */
export interface TrashedProviderView {
  _id: string;
  name: string;
  removedAt: string;
  /** The last moment it can be restored. */
  restorableUntil: string;
}

/** GET /api/providers/pages/:slug: one listed provider's page (404 'Provider not found'). */
export type { ProviderPageView };
export type { ProviderHistory, PricePoint, ScorePoint } from '../../domain/providers/history';
export const PROVIDER_NOT_FOUND = 'Provider not found';

/**
 * GET /api/providers/pages/:slug/changes[?page=N]: one listed provider's public change log,
 * newest first, a page of up to 50 entries (404 'Provider not found'; 400 naming `page`).
 * Who made a change is never in it.
 */
export interface ProviderChangesView {
  provider: { name: string; slug: string; path: string };
  entries: ChangeEntry[];
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Entries on every page. */
  total: number;
}
export type { ChangeEntry, ChangeLine } from '../../domain/providers/change-log';

/** GET /api/providers/compare?providers=a,b[&state=XX]: two to four pages, in the order asked. */
export interface CompareView {
  providers: ProviderPageView[];
  /** The visitor's chosen state, when given: each column says whether it is served. */
  state: { code: StateCode; name: string } | null;
}

/** GET /api/providers/pages: every listed provider's page address, by name. */
export interface ProviderLinkView {
  name: string;
  slug: string;
  path: string;
}

/** The /providers index's links a page (A to Z; 2,000 providers make 20 pages). */
export const PROVIDER_INDEX_PAGE_SIZE = 100;

/** GET /api/providers/index?page=N: one page of every listed provider's address, by name. */
export interface ProviderIndexView {
  links: ProviderLinkView[];
  paging: ListPaging;
}

/**
 * GET /api/providers/ranking?limit=N&sort=&medication=: the featured ranking filtered and
 * sorted, cut to its first `limit` cards (the home page's top N), with the count of all.
 */
export interface FeaturedRankingView {
  providers: ProviderCard[];
  paging: ListPaging;
}

/** The public reads' Express patterns. */
export const PROVIDER_PATH_PATTERNS = {
  index: '/api/providers/index',
  ranking: '/api/providers/ranking',
  page: '/api/providers/pages/:slug',
  changes: '/api/providers/pages/:slug/changes',
  pages: '/api/providers/pages',
  compare: '/api/providers/compare',
} as const;

export const PROVIDER_PATHS = {
  /** GET: one provider page. Public. */
  page: (slug: string) => `/api/providers/pages/${encodeURIComponent(slug)}`,
  /** GET: every listed provider's page address. Public. */
  pages: '/api/providers/pages',
  /** GET ?page=N: one page of the addresses (PROVIDER_INDEX_PAGE_SIZE a page). Public. */
  index: (page = 1) => `/api/providers/index${page > 1 ? `?page=${page}` : ''}`,
  /** GET ?page&limit&sort&medication: the featured ranking, one page of it. Public. */
  ranking: (request: Partial<RankedListRequest> = {}) =>
    `/api/providers/ranking${listQuery(request)}`,
  /** GET ?page=N: one provider's public change log, newest first. Public. */
  changes: (slug: string, page?: number) =>
    `/api/providers/pages/${encodeURIComponent(slug)}/changes${page && page > 1 ? `?page=${page}` : ''}`,
  /** GET ?providers=a,b,c&state=XX: 400 for fewer than 2 or more than 4, 404 naming unknown slugs. */
  compare: (providers: string, state?: string) =>
    `/api/providers/compare?providers=${encodeURIComponent(providers)}${state ? `&state=${encodeURIComponent(state)}` : ''}`,
  /** GET: featured providers, ranked (rank 1 first). Public. */
  featured: '/api/providers/featured',
  /** GET: the Vial Score method's version, last recomputation and worked example. Public. */
  vialScoreMethod: '/api/providers/vial-score-method',
  /** GET the back-office list (AdminProviderListParams; ?page= answers a page); POST a new provider. */
  admin: '/api/admin/providers',
  /** GET the list's rows as CSV, with the list's own filters and sort, streamed. */
  adminCsv: '/api/admin/providers.csv',
  /** POST BulkProviderBody. */
  adminBulk: '/api/admin/providers/bulk',
  /** GET the trash. */
  adminTrash: '/api/admin/providers/trash',
  /** POST: back from the trash. */
  adminRestore: (id: string) => `/api/admin/providers/${encodeURIComponent(id)}/restore`,
  /** POST RevertChangeBody: sets one field back to its value before the change (issue 27). */
  adminRevert: (id: string) => `/api/admin/providers/${encodeURIComponent(id)}/revert`,
  /** GET one; PUT { details, expectedRevision }; DELETE ?expectedRevision=. */
  adminOne: (id: string) => `/api/admin/providers/${encodeURIComponent(id)}`,
  /** PUT { prices, expectedRevision }. */
  adminPrices: (id: string) => `/api/admin/providers/${encodeURIComponent(id)}/prices`,
  /** POST: 'Prices verified': the prices stand as entered, checked now. */
  adminPricesVerified: (id: string) =>
    `/api/admin/providers/${encodeURIComponent(id)}/prices/verified`,
  /** PUT ChangeOffersBody. */
  adminOffers: (id: string) => `/api/admin/providers/${encodeURIComponent(id)}/offers`,
  /** PUT ChangeFeesBody. */
  adminFees: (id: string) => `/api/admin/providers/${encodeURIComponent(id)}/fees`,
  /** PUT ChangeTermsBody. */
  adminTerms: (id: string) => `/api/admin/providers/${encodeURIComponent(id)}/terms`,
  /** PUT ChangeTrustBody. */
  adminTrust: (id: string) => `/api/admin/providers/${encodeURIComponent(id)}/trust`,
  /** POST CheckFactsBody: 'Checked today' on one group of facts. */
  adminFactsChecked: (id: string, group: FactGroup) =>
    `/api/admin/providers/${encodeURIComponent(id)}/facts/${group}/checked`,
  /** GET AdminRecheckItem[]: the 'needs recheck' list, oldest first. */
  adminRecheck: '/api/admin/providers/recheck',
  /** POST: recompute and publish the Vial Score now. */
  adminVialScore: (id: string) => `/api/admin/providers/${encodeURIComponent(id)}/vial-score`,
  /** POST PublishProviderBody: a draft goes public (issue 27). */
  adminPublish: (id: string) => `/api/admin/providers/${encodeURIComponent(id)}/publish`,
} as const;
