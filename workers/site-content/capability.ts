/**
 * Site content's backend half: the editable texts and SEO overrides as events, their read
 * model and audit, and the static pages as fixed search documents.
 */
import { siteContentCommands } from '../../commands/site-content';
import type { siteContentErrors } from '../../domain/site-content/decider';
import { siteContentEventSchemas } from '../../domain/site-content/events';
import { STATIC_PAGES } from '../../domain/site-content/pages';
import { staticPageDocument } from '../../domain/shared/pages';
import {
  siteContentAudit,
  siteContentProjector,
  siteContentQueries,
} from '../../projections/site-content';
import { defineBackend } from '../bootstrap/capability';
import { siteContentConfig } from './config';

/** The static pages in the sitemap and the site search. */
export const INDEXABLE_PAGES = STATIC_PAGES.filter((page) => page.indexable !== false);

export const siteContent = defineBackend({
  name: 'site-content',
  config: siteContentConfig,
  eventSchemas: siteContentEventSchemas,
  commands: siteContentCommands,
  decisionStatus: { seo_override_not_found: 404 } satisfies Record<
    keyof typeof siteContentErrors.messages,
    number
  >,
  projectors: [siteContentProjector],
  audit: siteContentAudit,
  queries: siteContentQueries,
  fixedSearchDocuments: INDEXABLE_PAGES.map(staticPageDocument),
});
