/** Trending keywords' backend half: the list as events, its read model, counts and search. */
import { keywordCommands } from '../../commands/keywords';
import { allKeywordEventSchemas } from '../../domain/keywords/events';
import { TRENDING_KEYWORDS_PAGE } from '../../domain/keywords/page';
import { staticPageDocument } from '../../domain/shared/pages';
import {
  keywordCounters,
  keywordQueries,
  keywordSearch,
  keywordsAudit,
  keywordsProjector,
} from '../../projections/keywords';
import { defineBackend } from '../bootstrap/capability';

export const keywords = defineBackend({
  name: 'keywords',
  eventSchemas: allKeywordEventSchemas,
  commands: keywordCommands,
  decisionStatus: {
    keyword_not_found: 404,
    keyword_exists: 409,
    keyword_taken: 409,
    keyword_changed: 409,
  },
  projectors: [keywordsProjector],
  audit: keywordsAudit,
  counters: keywordCounters,
  queries: keywordQueries,
  search: keywordSearch,
  fixedSearchDocuments: [staticPageDocument(TRENDING_KEYWORDS_PAGE)],
});
