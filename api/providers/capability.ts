/** Providers' HTTP half: their pages, the comparison, the Vial Score page and admin routes. */
import { VIAL_SCORE_METHOD_VERSION } from '../../domain/providers/vial-score';
import { providers as providersBackend } from '../../workers/providers/capability';
import { defineHttpCapability } from '../bootstrap/capability';
import { PROVIDER_PATH_PATTERNS, PROVIDER_PATHS, type VialScoreMethodView } from './contracts';
import {
  readComparison,
  readFeaturedRanking,
  readProviderChanges,
  readProviderIndex,
  readProviderLinks,
  readProviderPage,
} from './reads';
import { providerRoutes } from './routes';

export const providers = defineHttpCapability(providersBackend, {
  publicReads: [
    // A card's `_id` is its provider id: the page keys and labels cards by it.
    { path: PROVIDER_PATHS.featured, read: (queries) => queries.featuredProviderCards() },
    {
      path: PROVIDER_PATHS.vialScoreMethod,
      read: async (queries): Promise<VialScoreMethodView> => {
        const [dates, example] = await Promise.all([
          queries.providerDates(),
          queries.vialScoreExample(),
        ]);
        return {
          version: VIAL_SCORE_METHOD_VERSION,
          lastRecomputedAt: dates.vialScoresRecomputedAt,
          example,
        };
      },
    },
    { path: PROVIDER_PATH_PATTERNS.pages, read: (queries) => readProviderLinks(queries) },
    // One page of the index, and the top of the ranking (issue 28: pages carry bounded lists).
    {
      path: PROVIDER_PATH_PATTERNS.index,
      read: (queries, params) => readProviderIndex(queries, params),
    },
    {
      path: PROVIDER_PATH_PATTERNS.ranking,
      read: (queries, params) => readFeaturedRanking(queries, params),
    },
    {
      path: PROVIDER_PATH_PATTERNS.page,
      read: (queries, { slug }) => readProviderPage(queries, slug ?? ''),
    },
    {
      path: PROVIDER_PATH_PATTERNS.changes,
      read: (queries, { slug, ...params }) => readProviderChanges(queries, slug ?? '', params),
    },
    {
      path: PROVIDER_PATH_PATTERNS.compare,
      read: (queries, params) => readComparison(queries, params),
    },
  ],
  /**
   * The ranking on / and the scores on /vial-score change with the provider events; each
   * provider page and change log with its provider's last edit or price check.
   */
  async sitemap({ queries }) {
    const [dates, links] = await Promise.all([
      queries.providerDates(),
      queries.listedProviderLinks(),
    ]);
    return [
      ...links.map((link) => ({ path: `/providers/${link.slug}`, lastModified: link.changedAt })),
      // Each provider's public change log (its corrections) moves with the same events.
      ...links.map((link) => ({
        path: `/providers/${link.slug}/changes`,
        lastModified: link.changedAt,
      })),
      {
        path: '/providers',
        ...(dates.providersChangedAt ? { lastModified: dates.providersChangedAt } : {}),
      },
      {
        path: '/',
        ...(dates.providersChangedAt ? { lastModified: dates.providersChangedAt } : {}),
      },
      {
        path: '/vial-score',
        ...(dates.vialScoresRecomputedAt ? { lastModified: dates.vialScoresRecomputedAt } : {}),
      },
    ];
  },
  routes: providerRoutes,
});
