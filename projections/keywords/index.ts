/** The trending keywords capability's read side. */
export {
  keywordsProjector,
  keywordQueries,
  KEYWORDS_COLLECTION,
  type KeywordDoc,
  type KeywordListParams,
  type KeywordQueries,
} from './projector';
export { keywordsAudit } from './audit';
export { keywordCounters } from './counters';
export { keywordSearch } from './search';
