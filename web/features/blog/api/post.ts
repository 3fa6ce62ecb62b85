/** GET /api/blog/posts/:slug: the published post, where a renamed one moved, or missing. */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../../api/contracts/http';
import { BLOG_PATHS, type PostLookupView } from '../../../../api/blog/contracts';

export const blogPostKey = (slug: string) => ['blog', 'post', slug] as const;

export const blogPostQuery = (api: ApiClient, slug: string) =>
  queryOptions({
    queryKey: blogPostKey(slug),
    queryFn: () =>
      api.get<PostLookupView>(BLOG_PATHS.post.replace(':slug', encodeURIComponent(slug))),
  });
