/**
 * Site search (/search) and the GLP-1 AI (/glp1-ai), both over the one search index the
 * capabilities feed (projections/search-index.ts). Questions are answered and forgotten.
 */
import { normaliseSearchQuery } from '../../domain/shared/search';
import type { SearchAnswer } from '../../projections/search-index';
import { search as searchBackend } from '../../workers/search/capability';
import { defineHttpCapability } from '../bootstrap/capability';
import { generateAnswer } from './ai';
import { SEARCH_PATHS, type AskAnswerView } from './contracts';

export const search = defineHttpCapability(searchBackend, {
  publicReads: [
    {
      path: SEARCH_PATHS.search,
      read: (queries, params): Promise<SearchAnswer> => queries.search(params.q ?? ''),
    },
    {
      path: SEARCH_PATHS.ask,
      read: async (queries, params, { config }): Promise<AskAnswerView> => {
        const question = normaliseSearchQuery(params.q);
        if (!question) return { status: 'empty', question: '' };
        const sources = await queries.passages(question);
        if (sources.length === 0) return { status: 'no-answer', question };
        const { AI_BASE_URL, AI_MODEL, AI_API_KEY } = config;
        const generated =
          AI_BASE_URL && AI_MODEL && AI_API_KEY
            ? await generateAnswer(
                { baseUrl: AI_BASE_URL, model: AI_MODEL, apiKey: AI_API_KEY },
                question,
                sources,
                (error) => console.error('GLP-1 AI endpoint failed', error),
              )
            : null;
        return { status: 'answered', question, sources, generated };
      },
    },
  ],
});
