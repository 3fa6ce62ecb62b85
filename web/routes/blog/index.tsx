import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { blogPostsQuery } from '../../features/blog/api/posts';
import {
  BlogListError,
  BlogListPage,
  BlogListSkeleton,
} from '../../features/blog/components/blog-list-page';
import { blogListHead } from '../../features/blog/head';

/** ?page=N (a whole number >= 1; anything else is page 1). */
function parseSearch(search: Record<string, unknown>): { page?: number } {
  const page = Number(search.page);
  return Number.isInteger(page) && page > 1 ? { page } : {};
}

export const Route = createFileRoute('/blog/')({
  validateSearch: parseSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context: { queryClient, api }, deps }) =>
    queryClient.ensureQueryData(blogPostsQuery(api, deps.page)),
  head: ({ loaderData, match }) => ({ meta: blogListHead(loaderData, match.context.siteUrl) }),
  pendingComponent: BlogListSkeleton,
  pendingMs: 200,
  errorComponent: ({ reset }) => <BlogListError onRetry={reset} />,
  component: BlogRoute,
});

function BlogRoute() {
  const { api } = Route.useRouteContext();
  const { page } = Route.useLoaderDeps();
  const { data } = useSuspenseQuery(blogPostsQuery(api, page));
  return <BlogListPage list={data} />;
}
