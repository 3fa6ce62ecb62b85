/** GET /api/blog/posts?page=N: published posts, newest first, 12 a page. */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../../api/contracts/http';
import { BLOG_PATHS, type PostListView } from '../../../../api/blog/contracts';

export const blogPostsKey = (page: number) => ['blog', 'posts', page] as const;

export const blogPostsQuery = (api: ApiClient, page: number) =>
  queryOptions({
    queryKey: blogPostsKey(page),
    queryFn: () =>
      api.get<PostListView>(page > 1 ? `${BLOG_PATHS.posts}?page=${page}` : BLOG_PATHS.posts),
  });
