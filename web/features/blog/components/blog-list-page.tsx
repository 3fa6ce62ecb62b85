import { ArrowRight } from 'lucide-react';
import type { PostListView, PostSummaryView } from '../../../../api/blog/contracts';
import { BLOG_MESSAGES, formatShortDate, postPath } from '../../../../api/blog/contracts';
import { SiteLink } from '../../../components/layout/site-link';
import { Badge } from '../../../components/ui/badge';
import { Skeleton } from '../../../components/ui/skeleton';

/** /blog (spec section 2): heading, count badge, the featured newest post, the grid, paging. */
export function BlogListPage({ list }: { list: PostListView }) {
  const [featured, ...rest] = list.posts;
  const showFeatured = list.page === 1 && featured;
  const grid = showFeatured ? rest : list.posts;
  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <BlogHeading total={list.total} />
      {list.total === 0 ? (
        <div className="mt-12 text-center">
          <p className="text-lg font-semibold">{BLOG_MESSAGES.emptyPublic}</p>
          <p className="mt-2 text-muted-foreground">{BLOG_MESSAGES.emptyPublicHint}</p>
        </div>
      ) : (
        <>
          {showFeatured ? <FeaturedCard post={featured} /> : null}
          {grid.length > 0 ? (
            <div className="mt-12">
              <h2 className="text-2xl font-bold tracking-tight">
                Latest GLP-1 Articles &amp; Insights
              </h2>
              <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {grid.map((post) => (
                  <li key={post._id}>
                    <PostCard post={post} />
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {list.pageCount > 1 ? <Pager page={list.page} pageCount={list.pageCount} /> : null}
        </>
      )}
    </section>
  );
}

function BlogHeading({ total }: { total?: number }) {
  return (
    <header className="text-center">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">GLP-1 Blog</h1>
      <p className="mt-3 text-muted-foreground">
        Articles about semaglutide, tirzepatide and online GLP-1 providers.
      </p>
      {total !== undefined ? (
        <Badge variant="secondary" className="mt-4">
          {total} {total === 1 ? 'article' : 'articles'}
        </Badge>
      ) : null}
    </header>
  );
}

function Byline({ post }: { post: PostSummaryView }) {
  return (
    <p className="text-sm text-muted-foreground">
      {post.publishedAt ? (
        <time dateTime={post.publishedAt}>{formatShortDate(post.publishedAt)}</time>
      ) : null}
      {post.publishedAt ? ' · ' : ''}
      {post.authorName}
    </p>
  );
}

function PostImage({ post, className }: { post: PostSummaryView; className: string }) {
  if (!post.featuredImageUrl) return null;
  return (
    <img
      src={post.featuredImageUrl}
      alt=""
      width={1200}
      height={630}
      loading="lazy"
      className={`aspect-[1200/630] w-full rounded-md bg-muted object-cover ${className}`}
    />
  );
}

function FeaturedCard({ post }: { post: PostSummaryView }) {
  return (
    <article className="mt-10 grid gap-6 rounded-xl border bg-card p-4 shadow-sm sm:p-6 md:grid-cols-2">
      <PostImage post={post} className="" />
      <div className="flex flex-col justify-center gap-3">
        <Badge className="w-fit">Featured Article</Badge>
        <Byline post={post} />
        <h2 className="text-2xl font-bold tracking-tight">
          <SiteLink to={postPath(post.slug)} className="hover:underline">
            {post.title}
          </SiteLink>
        </h2>
        <p className="text-muted-foreground">{post.publicExcerpt}</p>
        <SiteLink
          to={postPath(post.slug)}
          className="inline-flex min-h-11 w-fit items-center gap-1.5 font-medium text-primary underline underline-offset-4 hover:no-underline"
        >
          Read Full Article
          <ArrowRight className="size-4" aria-hidden="true" />
          <span className="sr-only">: {post.title}</span>
        </SiteLink>
      </div>
    </article>
  );
}

function PostCard({ post }: { post: PostSummaryView }) {
  return (
    <article className="flex h-full flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <PostImage post={post} className="" />
      <Byline post={post} />
      <h3 className="text-lg font-semibold">
        <SiteLink to={postPath(post.slug)} className="hover:underline">
          {post.title}
        </SiteLink>
      </h3>
      <p className="flex-1 text-sm text-muted-foreground">{post.publicExcerpt}</p>
      <SiteLink
        to={postPath(post.slug)}
        className="inline-flex min-h-11 w-fit items-center gap-1.5 text-sm font-medium text-primary underline underline-offset-4 hover:no-underline"
      >
        Read More<span className="sr-only">: {post.title}</span>
      </SiteLink>
    </article>
  );
}

function Pager({ page, pageCount }: { page: number; pageCount: number }) {
  const href = (n: number) => (n === 1 ? '/blog' : `/blog?page=${n}`);
  return (
    <nav aria-label="Blog pages" className="mt-10 flex items-center justify-center gap-4">
      {page > 1 ? (
        <a href={href(page - 1)} className="min-h-11 px-3 py-2 font-medium text-primary underline">
          Newer articles
        </a>
      ) : null}
      <span className="text-sm text-muted-foreground">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <a href={href(page + 1)} className="min-h-11 px-3 py-2 font-medium text-primary underline">
          Older articles
        </a>
      ) : null}
    </nav>
  );
}

/** Six skeleton cards while the list loads in the browser (spec). */
export function BlogListSkeleton() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:py-14" aria-busy="true">
      <BlogHeading />
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Loading articles">
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i} className="space-y-3 rounded-xl border p-4">
            <Skeleton className="aspect-[1200/630] w-full" />
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-6 w-3/4" />
            <Skeleton className="h-16 w-full" />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** 'Failed to load blog posts' with Try Again (spec section 8). */
export function BlogListError({ onRetry }: { onRetry: () => void }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center" role="alert">
      <h1 className="text-2xl font-bold">GLP-1 Blog</h1>
      <p className="mt-4">{BLOG_MESSAGES.listFailed}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-6 min-h-11 rounded-md bg-primary px-4 font-medium text-primary-foreground"
      >
        Try Again
      </button>
    </section>
  );
}
