/**
 * Site search and the GLP-1 AI, shared by the API and the pages. Both are GET reads with the
 * query in the URL (?q=), answered on the server; nothing typed is stored.
 */
export type {
  SearchAnswer as SearchResultsView,
  SearchGroup as SearchGroupView,
  SearchHit as SearchHitView,
  TextSegment,
  Passage as PassageView,
} from '../../projections/search-index';
import type { Passage } from '../../projections/search-index';
export {
  SEARCH_KIND_LABELS,
  SEARCH_QUERY_MAX_LENGTH,
  normaliseSearchQuery,
} from '../../domain/shared/search';

export const SEARCH_PATHS = {
  /** GET ?q=: results grouped by kind. Public. */
  search: '/api/search',
  /** GET ?q=: an answer from the site's own content. Public. */
  ask: '/api/glp1-ai',
} as const;

export type AskAnswerView =
  | { status: 'empty'; question: '' }
  /** Nothing on the site answers it: said plainly. */
  | { status: 'no-answer'; question: string }
  | {
      status: 'answered';
      question: string;
      /** The passages quoted, each with its page. */
      sources: Passage[];
      /**
       * With an AI endpoint configured: its answer, written from the sources only; null when
       * none is configured or it failed (the sources are the answer then).
       */
      generated: string | null;
    };
