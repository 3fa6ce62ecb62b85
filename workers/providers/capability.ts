/** Providers' backend half: listing, editing, featuring, removing; the Vial Score and its job. */
import { providerCommands, seedDemoContent } from '../../commands/providers';
import { providerEventSchemas, providerSlugEventSchemas } from '../../domain/providers/events';
import { VIAL_SCORE_PAGE } from '../../domain/providers/vial-score-page';
import { staticPageDocument } from '../../domain/shared/pages';
import {
  providerAudit,
  providerChangesProjector,
  providerCounters,
  providerDatesProjector,
  providerHistoryProjector,
  providerQueries,
  providerSearch,
  providersProjector,
} from '../../projections/providers';
import { PROVIDER_COLLECTIONS } from '../../projections/providers/views';
import { defineBackend } from '../bootstrap/capability';
import { vialScoreJob } from './vial-score';

export const providers = defineBackend({
  name: 'providers',
  eventSchemas: { ...providerEventSchemas, ...providerSlugEventSchemas },
  commands: providerCommands,
  decisionStatus: {
    provider_not_found: 404,
    provider_removed: 410,
    provider_already_listed: 409,
    provider_not_removed: 409,
    provider_trash_expired: 410,
    provider_check_in_future: 400,
    provider_facts_not_entered: 409,
    provider_prices_in_offers: 409,
    // Drafts (issue 27): publishing a published provider, recomputing a draft's score.
    provider_not_draft: 409,
    provider_draft_unscored: 409,
    // 'Revert this change' (commands/field-changes.ts).
    provider_change_not_found: 404,
    provider_change_not_revertible: 422,
    provider_change_changed_again: 409,
  },
  projectors: [
    providersProjector,
    providerDatesProjector,
    providerHistoryProjector,
    providerChangesProjector,
  ],
  backOfficeReadModels: [PROVIDER_COLLECTIONS.adminProviders],
  audit: providerAudit,
  counters: providerCounters,
  queries: providerQueries,
  jobs: [vialScoreJob],
  search: providerSearch,
  fixedSearchDocuments: [staticPageDocument(VIAL_SCORE_PAGE)],
  /** Demo content in an empty store (never after a provider was ever listed; SEED_DEMO=false: none). */
  async firstStart({ config, bus, logger }) {
    const seededProviders = config.SEED_DEMO ? await seedDemoContent(bus) : 0;
    if (seededProviders > 0) logger.info('demo providers listed', { count: seededProviders });
    return { seededProviders };
  },
});
