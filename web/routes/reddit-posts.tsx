import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { parseViewerInput } from '../../domain/reddit/snapshot';
import { redditPostsQuery } from '../features/reddit/api/reddit-posts';
import { RedditPage, type RedditUrlSearch } from '../features/reddit/components/reddit-page';
import { REDDIT_DESCRIPTION, REDDIT_TITLE } from '../features/reddit/meta';
import { pageTitle } from '../lib/site';

/** Keeps the URL's strings as sent: the page checks them and names a bad one. */
function parseSearch(search: Record<string, unknown>): RedditUrlSearch {
  const text = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  const q = text(search.q)?.trim();
  const subreddit = text(search.subreddit);
  return { ...(q ? { q } : {}), ...(subreddit ? { subreddit } : {}) };
}

/**
 * /reddit-posts: Reddit threads about GLP-1 medications from the jobs' snapshots. The server
 * renders the posts of the URL's search (q, subreddit); the canonical link is the root
 * route's, without the query string.
 */
export const Route = createFileRoute('/reddit-posts')({
  validateSearch: parseSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const input = parseViewerInput(deps);
    if (!input.ok) return;
    const query = redditPostsQuery(context.api, { ...input.search, isDefault: input.isDefault });
    // On the server wait, so the HTML carries the posts; a failure shows the failure message.
    const loading = context.queryClient.prefetchQuery(query);
    if (typeof document === 'undefined') await loading;
  },
  head: () => ({
    meta: [
      { title: pageTitle(REDDIT_TITLE) },
      { name: 'description', content: REDDIT_DESCRIPTION },
    ],
  }),
  component: RedditRoute,
});

function RedditRoute() {
  const url = Route.useSearch();
  const { api } = Route.useRouteContext();
  const navigateTo = Route.useNavigate();
  const router = useRouter();
  const input = parseViewerInput(url);
  const answer = useQuery({
    ...redditPostsQuery(
      api,
      input.ok
        ? { ...input.search, isDefault: input.isDefault }
        : {
            query: '',
            subreddit: 'all',
            isDefault: true,
          },
    ),
    enabled: input.ok,
  });
  return (
    <RedditPage
      url={url}
      input={input}
      answer={input.ok ? answer : null}
      navigate={(next) => void navigateTo({ search: next })}
      hrefFor={(next) => router.buildLocation({ to: '/reddit-posts', search: next }).href}
    />
  );
}
