import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { normaliseSearchQuery } from '../../api/search/contracts';
import { GLP1_AI_PAGE_META } from '../../domain/site-content/page-meta';
import { askQuery } from '../features/search/api/search';
import { Glp1AiPage } from '../features/search/components/glp1-ai-page';
import { pageHead } from '../lib/site';

/** /glp1-ai?q=: the question in the URL, answered on the server (shareable, no JavaScript). */
export const Route = createFileRoute('/glp1-ai')({
  validateSearch: (search: Record<string, unknown>): { q?: string } => {
    const q = normaliseSearchQuery(search.q);
    return q ? { q } : {};
  },
  loaderDeps: ({ search }) => ({ q: search.q ?? '' }),
  loader: async ({ context, deps }) => {
    if (deps.q) await context.queryClient.ensureQueryData(askQuery(context.api, deps.q));
  },
  head: () => pageHead(GLP1_AI_PAGE_META),
  component: Glp1AiRoute,
});

function Glp1AiRoute() {
  const { api } = Route.useRouteContext();
  const q = Route.useSearch().q ?? '';
  const answer = useQuery({ ...askQuery(api, q), enabled: q !== '' });
  return <Glp1AiPage q={q} answer={answer.data ?? null} />;
}
