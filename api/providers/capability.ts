/** Providers: listing, editing, featuring and removing providers; the Vial Score; the ranking. */
import { providerCommands, seedDemoContent } from '../../commands/providers';
import { providerEventSchemas } from '../../domain/providers/events';
import {
  providerAudit,
  providerCounters,
  providerQueries,
  providersProjector,
} from '../../projections/providers';
import { vialScoreJob } from '../../workers/providers';
import { defineCapability } from '../bootstrap/capability';
import { PROVIDER_PATHS } from './contracts';
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
  projectors: [providersProjector],
  audit: providerAudit,
  counters: providerCounters,
  queries: providerQueries,
  jobs: [vialScoreJob],
  publicReads: [
    // A card's `_id` is its provider id: the page keys and labels cards by it.
    { path: PROVIDER_PATHS.featured, read: (queries) => queries.featuredProviderCards() },
  ],
  routes: providerRoutes,
  /** Demo content in an empty store (never after a provider was ever listed; SEED_DEMO=false: none). */
  async firstStart({ config, bus, logger }) {
    const seededProviders = config.SEED_DEMO ? await seedDemoContent(bus) : 0;
    if (seededProviders > 0) logger.info('demo providers listed', { count: seededProviders });
    return { seededProviders };
  },
});
