import type { ApiClient } from '../../api/contracts/http';
import { PROVIDER_PATHS, type ProviderCardView } from '../../api/providers/contracts';
import { SITE_CONTENT_PATHS } from '../../api/site-content/contracts';
import { ApiError } from '../../web/lib/http-client';
import { parseRankedListParams, providerListView } from '../../domain/providers/list-view';
import { pageItems } from '../../domain/shared/paging';

function card(
  overrides: Partial<ProviderCardView> & Pick<ProviderCardView, '_id' | 'rank' | 'name'>,
): ProviderCardView {
  return {
    description: 'Online GLP-1 clinic',
    websiteUrl: 'https://provider.example/start',
    affiliateTag: 'ref=vialcompare',
    logoUrl: '',
    logoBackground: '#ffffff',
    badgeText: null,
    badgeColor: '',
    vialScore: { outOf5: 4.6, outOf10: 9.2, band: 'Excellent', breakdown: [] },
    rankingScore: 4.6,
    rankedBy: 'vialScore',
    ratingLabel: 'Excellent',
    reviewCounts: [{ source: 'Trustpilot', count: 24312 }],
    startingPrice: { monthly: 199, dose: '0.25 mg', medication: 'semaglutide' },
    medicationLabel: 'Semaglutide & tirzepatide',
    medications: ['Semaglutide', 'Tirzepatide'],
    states: ['CA', 'TX'],
    features: [
      'Free 2-Minute Quiz – No Insurance Needed',
      'Same Ingredient as Ozempic®, Wegovy®, & Zepbound',
      'Prescribed & Shipped Within 48 Hours',
      'Cancel any time',
    ],
    discountCode: '',
    discountBanner: null,
    ctaText: { mobile: 'Get Started Today', desktop: 'Get Started' },
    featured: true,
    pricesCheckedAt: '2026-11-02T10:00:00.000Z',
    ...overrides,
  };
}

export const providerFixtures: ProviderCardView[] = [
  card({
    _id: 'p-1',
    rank: 1,
    name: 'Evergreen Health',
    badgeText: 'Best Overall',
    discountCode: 'SAVE50',
    discountBanner: 'Limited Offer: Save with Code SAVE50',
  }),
  card({
    _id: 'p-2',
    rank: 2,
    name: 'Harbor Telemed',
    vialScore: { outOf5: 4.2, outOf10: 8.4, band: 'Very Good', breakdown: [] },
    rankingScore: 4.2,
    ratingLabel: 'Very Good',
    startingPrice: { monthly: 249, dose: '0.25 mg', medication: 'semaglutide' },
    medicationLabel: 'Semaglutide',
    medications: ['Semaglutide'],
  }),
];

/** Answers for the paths an in-memory ApiClient knows; a function may throw to fail the read. */
export type FakeAnswers = Record<string, unknown | (() => unknown)>;

/** An ApiClient answering fixed paths: the same object shape the server passes during SSR. */
export function fakeApiClient(answers: FakeAnswers): ApiClient {
  return {
    async get<T>(path: string): Promise<T> {
      if (!Object.hasOwn(answers, path)) throw new ApiError(404, `No answer for GET ${path}`);
      const answer = answers[path];
      return (typeof answer === 'function' ? await answer() : answer) as T;
    },
  };
}

/**
 * The featured ranking's read over `providers` as the API answers it (filtered, sorted, one
 * page: the home page's top N), from the query string of `path`.
 */
export function rankingAnswer(providers: readonly ProviderCardView[], path: string) {
  const params = Object.fromEntries(new URLSearchParams(path.split('?')[1] ?? ''));
  const parsed = parseRankedListParams(params, 10);
  if (!parsed.ok) throw new ApiError(400, parsed.message);
  const { request } = parsed;
  const { items, paging } = pageItems(
    providerListView(providers, request),
    request.limit,
    request.page,
  );
  return { providers: items, paging };
}

/** The public reads of the pages: featured providers (the ranking's reads) and site content. */
export function inMemoryApiClient(
  providers: ProviderCardView[] = providerFixtures,
  content: Record<string, string> = {},
): ApiClient {
  const fixed = fakeApiClient({
    [PROVIDER_PATHS.featured]: providers,
    [SITE_CONTENT_PATHS.all]: content,
    [SITE_CONTENT_PATHS.seoOverrides]: [],
  });
  return {
    async get<T>(path: string): Promise<T> {
      if (path.split('?')[0] === PROVIDER_PATHS.ranking()) {
        return rankingAnswer(providers, path) as T;
      }
      return fixed.get<T>(path);
    },
  };
}
