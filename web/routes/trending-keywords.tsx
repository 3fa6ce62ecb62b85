import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { TRENDING_KEYWORDS_PAGE } from '../../api/keywords/contracts';
import { trendingKeywordsQuery } from '../features/keywords/api/trending-keywords';
import { TrendingKeywordsPage } from '../features/keywords/components/trending-keywords-page';
import { pageHead } from '../lib/site';

/** /trending-keywords: server-rendered from the in-process read (no query parameters). */
export const Route = createFileRoute('/trending-keywords')({
  loader: ({ context: { queryClient, api } }) =>
    queryClient.ensureQueryData(trendingKeywordsQuery(api)),
  head: () => pageHead(TRENDING_KEYWORDS_PAGE),
  component: TrendingKeywordsRoute,
});

function TrendingKeywordsRoute() {
  const { api } = Route.useRouteContext();
  const { data } = useSuspenseQuery(trendingKeywordsQuery(api));
  return <TrendingKeywordsPage view={data} />;
}
