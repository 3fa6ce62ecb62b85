/** Providers: listing, editing, featuring and removing providers; the Vial Score; the ranking. */
import { providerCommands, seedDemoContent } from '../../commands/providers';
import { providerEventSchemas, providerSlugEventSchemas } from '../../domain/providers/events';
import { VIAL_SCORE_METHOD_VERSION } from '../../domain/providers/vial-score';
import { VIAL_SCORE_PAGE } from '../../domain/providers/vial-score-page';
import { staticPageDocument } from '../../domain/shared/pages';
import {
  providerAudit,
  providerCounters,
  providerDatesProjector,
  providerHistoryProjector,
  providerQueries,
  providerSearch,
  providersProjector,
} from '../../projections/providers';
import { vialScoreJob } from '../../workers/providers';
import { defineCapability } from '../bootstrap/capability';
import { PROVIDER_PATH_PATTERNS, PROVIDER_PATHS, type VialScoreMethodView } from './contracts';
import { readComparison, readProviderLinks, readProviderPage } from './reads';
import { providerRoutes } from './routes';

export const providers = defineCapability({
  name: 'providers',
  eventSchemas: { ...providerEventSchemas, ...providerSlugEventSchemas },
  commands: providerCommands,
  decisionStatus: {
    provider_not_found: 404,
    provider_removed: 410,
    provider_already_listed: 409,
    provider_not_removed: 409,
    provider_trash_expired: 410,
  },
  projectors: [providersProjector, providerDatesProjector, providerHistoryProjector],
  audit: providerAudit,
  counters: providerCounters,
  queries: providerQueries,
  jobs: [vialScoreJob],
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
    {
      path: PROVIDER_PATH_PATTERNS.page,
      read: (queries, { slug }) => readProviderPage(queries, slug ?? ''),
    },
    {
      path: PROVIDER_PATH_PATTERNS.compare,
      read: (queries, params) => readComparison(queries, params),
    },
  ],
  search: providerSearch,
  fixedSearchDocuments: [staticPageDocument(VIAL_SCORE_PAGE)],
  /**
   * The ranking on / and the scores on /vial-score change with the provider events; each
   * provider page with its provider's last edit or price check.
   */
  async sitemap({ queries }) {
    const [dates, links] = await Promise.all([
      queries.providerDates(),
      queries.listedProviderLinks(),
    ]);
    return [
      ...links.map((link) => ({ path: `/providers/${link.slug}`, lastModified: link.changedAt })),
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
  /** Demo content in an empty store (never after a provider was ever listed; SEED_DEMO=false: none). */
  async firstStart({ config, bus, logger }) {
    const seededProviders = config.SEED_DEMO ? await seedDemoContent(bus) : 0;
    if (seededProviders > 0) logger.info('demo providers listed', { count: seededProviders });
    return { seededProviders };
  },
});
