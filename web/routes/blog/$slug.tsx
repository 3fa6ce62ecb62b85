import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { blogPostQuery } from '../../features/blog/api/post';
import { PostNotFound, PostPage } from '../../features/blog/components/post-page';
import { feedLinks, postHead, postNotFoundHead } from '../../features/blog/head';

export const Route = createFileRoute('/blog/$slug')({
  loader: async ({ context: { queryClient, api }, params: { slug } }) => {
    const found = await queryClient.ensureQueryData(blogPostQuery(api, slug));
    // A renamed post's old address (the server answers it with 301 before rendering).
    if (found.status === 'moved') {
      throw redirect({ to: '/blog/$slug', params: { slug: found.slug }, statusCode: 301 });
    }
    // Missing or unpublished: Post Not Found (404; the root marks it noindex).
    if (found.status === 'missing') throw notFound();
    // The post's canonical override, when it has one (the root writes the one canonical link).
    return found.post.canonicalUrl ? { canonicalUrl: found.post.canonicalUrl } : {};
  },
  head: ({ match, params }) => {
    const found = match.context.queryClient.getQueryData(
      blogPostQuery(match.context.api, params.slug).queryKey,
    );
    return found?.status === 'found'
      ? {
          meta: postHead(found.post, match.context.siteUrl),
          links: feedLinks(match.context.siteUrl),
        }
      : { meta: postNotFoundHead() };
  },
  notFoundComponent: PostNotFoundRoute,
  // Any failure reading the post is the Post Not Found page too (spec).
  errorComponent: PostNotFoundRoute,
  component: PostRoute,
});

function PostRoute() {
  const { slug } = Route.useParams();
  const { api } = Route.useRouteContext();
  const { data } = useSuspenseQuery(blogPostQuery(api, slug));
  if (data.status !== 'found') return <PostNotFound slug={slug} />;
  return <PostPage post={data.post} />;
}

function PostNotFoundRoute() {
  const { slug } = Route.useParams();
  return <PostNotFound slug={slug} />;
}
