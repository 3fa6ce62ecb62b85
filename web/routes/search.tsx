import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { normaliseSearchQuery } from '../../api/search/contracts';
import { SEARCH_PAGE_META } from '../../domain/site-content/page-meta';
import { searchQuery } from '../features/search/api/search';
import { SearchPage } from '../features/search/components/search-page';
import { pageHead } from '../lib/site';

/** /search?q=: server-rendered results; noindex (results pages are not content). */
export const Route = createFileRoute('/search')({
  validateSearch: (search: Record<string, unknown>): { q?: string } => {
    const q = normaliseSearchQuery(search.q);
    return q ? { q } : {};
  },
  loaderDeps: ({ search }) => ({ q: search.q ?? '' }),
  loader: async ({ context, deps }) => {
    if (deps.q) await context.queryClient.ensureQueryData(searchQuery(context.api, deps.q));
  },
  head: () => pageHead(SEARCH_PAGE_META, { noindex: true }),
  component: SearchRoute,
});

function SearchRoute() {
  const { api } = Route.useRouteContext();
  const q = Route.useSearch().q ?? '';
  const results = useQuery({ ...searchQuery(api, q), enabled: q !== '' });
  return <SearchPage q={q} results={results.data ?? null} />;
}
