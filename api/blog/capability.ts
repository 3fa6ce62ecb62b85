/**
 * The blog's HTTP half: administrators write posts (drafts, published, scheduled); visitors read the
 * published ones on /blog and /blog/{slug}; renamed posts' old addresses answer 301.
 */
import { metaDescription } from '../../domain/blog/rules';
import { sanitizePostHtml } from '../../domain/blog/html';
import type { PostDoc } from '../../projections/blog';
import { blog as blogBackend } from '../../workers/blog/capability';
import { defineHttpCapability } from '../bootstrap/capability';
import { BLOG_PATHS, postPath, type PostLookupView, type PostView } from './contracts';
import { blogRoutes } from './routes';

/**
 * A post as its page shows it: the body sanitised again with the same allowlist, links to the
 * site's own host (PUBLIC_URL) never nofollow or sponsored.
 */
function postView(doc: PostDoc, siteOrigin: string): PostView {
  const {
    searchText: _s,
    sortKey: _k,
    adminExcerpt: _a,
    published: _p,
    scheduledFor: _f,
    ...rest
  } = doc;
  const content = sanitizePostHtml(doc.content, { siteOrigin });
  return {
    ...rest,
    content,
    description: doc.metaDescription ?? metaDescription({ content, excerpt: doc.excerpt }),
  };
}

export const blog = defineHttpCapability(blogBackend, {
  publicReads: [
    {
      path: BLOG_PATHS.posts,
      read: (queries, params) => queries.publishedPosts(Number(params.page ?? '1') || 1),
    },
    {
      path: BLOG_PATHS.post,
      read: async (queries, params, { config }): Promise<PostLookupView> => {
        const slug = params.slug ?? '';
        const found = await queries.publishedPostBySlug(slug);
        if (!found) return { status: 'missing', slug };
        if ('movedTo' in found) return { status: 'moved', slug: found.movedTo };
        return { status: 'found', post: postView(found.post, config.publicUrl) };
      },
    },
  ],
  async sitemap(backend) {
    const posts = await backend.queries.publishedPostUrls();
    return [
      { path: '/blog', ...(posts[0] ? { lastModified: posts[0].updatedAt } : {}) },
      ...posts.map((post) => ({ path: postPath(post.slug), lastModified: post.updatedAt })),
    ];
  },
  routes: blogRoutes,
});
