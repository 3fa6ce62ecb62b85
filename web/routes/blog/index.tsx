import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { blogPostsQuery } from '../../features/blog/api/posts';
import {
  BlogListError,
  BlogListPage,
  BlogListSkeleton,
} from '../../features/blog/components/blog-list-page';
import { blogListHead, feedLinks } from '../../features/blog/head';
import { canonicalUrl } from '../../lib/site';

/** ?page=N (a whole number >= 1; anything else is page 1). */
function parseSearch(search: Record<string, unknown>): { page?: number } {
  const page = Number(search.page);
  return Number.isInteger(page) && page > 1 ? { page } : {};
}

export const Route = createFileRoute('/blog/')({
  validateSearch: parseSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: async ({ context: { queryClient, api, siteUrl }, deps }) => {
    const list = await queryClient.ensureQueryData(blogPostsQuery(api, deps.page));
    // Page 2 onwards is its own canonical address (the root's would drop the query string).
    return deps.page > 1
      ? { ...list, canonicalUrl: `${canonicalUrl(siteUrl, '/blog')}?page=${deps.page}` }
      : list;
  },
  head: ({ loaderData, match }) => ({
    meta: blogListHead(loaderData, match.context.siteUrl),
    links: feedLinks(match.context.siteUrl),
  }),
  pendingComponent: BlogListSkeleton,
  pendingMs: 200,
  errorComponent: BlogListErrorRoute,
  component: BlogRoute,
});

function BlogRoute() {
  const { api } = Route.useRouteContext();
  const { page } = Route.useLoaderDeps();
  const { data } = useSuspenseQuery(blogPostsQuery(api, page));
  return <BlogListPage list={data} />;
}

/** 'Failed to load blog posts' + Try Again: the loader runs again, then the boundary resets. */
function BlogListErrorRoute({ reset }: { reset: () => void }) {
  const router = useRouter();
  return (
    <BlogListError
      onRetry={() => {
        void router.invalidate().then(reset);
      }}
    />
  );
}
