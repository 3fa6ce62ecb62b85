/** Providers: listing, editing, featuring and removing providers; the Vial Score; the ranking. */
import { providerCommands, seedDemoContent } from '../../commands/providers';
import { providerEventSchemas } from '../../domain/providers/events';
import { VIAL_SCORE_METHOD_VERSION } from '../../domain/providers/vial-score';
import { VIAL_SCORE_PAGE } from '../../domain/providers/vial-score-page';
import { staticPageDocument } from '../../domain/shared/pages';
import {
  providerAudit,
  providerCounters,
  providerDatesProjector,
  providerQueries,
  providerSearch,
  providersProjector,
} from '../../projections/providers';
import { vialScoreJob } from '../../workers/providers';
import { defineCapability } from '../bootstrap/capability';
import { PROVIDER_PATHS, type VialScoreMethodView } from './contracts';
import { providerRoutes } from './routes';

export const providers = defineCapability({
  name: 'providers',
  eventSchemas: providerEventSchemas,
  commands: providerCommands,
  decisionStatus: {
    provider_not_found: 404,
    provider_removed: 410,
    provider_already_listed: 409,
    provider_not_removed: 409,
    provider_trash_expired: 410,
  },
  projectors: [providersProjector, providerDatesProjector],
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
  ],
  search: providerSearch,
  fixedSearchDocuments: [staticPageDocument(VIAL_SCORE_PAGE)],
  /** The ranking on / and the scores on /vial-score change with the provider events. */
  async sitemap({ queries }) {
    const dates = await queries.providerDates();
    return [
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
