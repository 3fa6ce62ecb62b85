import { ArrowLeft, Share2 } from 'lucide-react';
import { useState } from 'react';
import type { PostView } from '../../../../api/blog/contracts';
import { BLOG_MESSAGES, formatLongDate } from '../../../../api/blog/contracts';
import { SiteLink } from '../../../components/layout/site-link';
import { PROSE_CLASS } from '../../../components/prose';
import { Badge } from '../../../components/ui/badge';
import { buttonVariants } from '../../../components/ui/button';

/**
 * /blog/{slug} (spec section 2). The body is HTML sanitised on save and again when read by the
 * server (one allowlist, domain/blog/html.ts), so it is rendered as it arrives.
 */
export function PostPage({ post }: { post: PostView }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <SiteLink
        to="/blog"
        className="inline-flex min-h-11 items-center gap-1.5 font-medium text-primary underline underline-offset-4 hover:no-underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Blog
      </SiteLink>
      {post.featuredImageUrl ? (
        <img
          src={post.featuredImageUrl}
          alt=""
          width={1200}
          height={630}
          className="mt-6 aspect-[1200/630] w-full rounded-xl bg-muted object-cover"
        />
      ) : null}
      <div className="mt-6 flex flex-wrap gap-2">
        <Badge>GLP-1 Article</Badge>
        <Badge variant="secondary">Health &amp; Medicine</Badge>
        {post.enableReviewsSchema ? <Badge variant="outline">Expert Review</Badge> : null}
      </div>
      <h1 className="mt-4 text-3xl font-bold tracking-tight break-words sm:text-4xl">
        {post.title}
      </h1>
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
        {post.publishedAt ? (
          <time dateTime={post.publishedAt}>{formatLongDate(post.publishedAt)}</time>
        ) : null}
        <span>By {post.authorName}</span>
        <span>{post.readTimeMinutes} min read</span>
        <ShareButton title={post.title} text={post.publicExcerpt} />
      </div>
      {post.publicExcerpt ? (
        <p className="mt-6 rounded-lg border-l-4 border-primary bg-muted/50 p-4 text-lg">
          {post.excerpt ?? post.publicExcerpt}
        </p>
      ) : null}
      <div className={`mt-8 ${PROSE_CLASS}`} dangerouslySetInnerHTML={{ __html: post.content }} />
      <footer className="mt-12 border-t pt-6 text-sm text-muted-foreground">
        <p>Written by {post.authorName}</p>
        <p>
          Last updated <time dateTime={post.updatedAt}>{formatLongDate(post.updatedAt)}</time>
        </p>
        <SiteLink to="/blog" className={buttonVariants({ className: 'mt-6' })}>
          View All Articles
        </SiteLink>
      </footer>
    </article>
  );
}

const DEFAULT_SHARE_TEXT = 'An article from the VialCompare GLP-1 blog';

/** The device share sheet, else the address copied to the clipboard (spec). */
function ShareButton({ title, text }: { title: string; text: string }) {
  const [copied, setCopied] = useState(false);
  async function share() {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text: text || DEFAULT_SHARE_TEXT, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  return (
    <button
      type="button"
      onClick={() => void share()}
      className="inline-flex min-h-11 items-center gap-1.5 rounded-md px-2 font-medium text-primary hover:underline"
    >
      <Share2 className="size-4" aria-hidden="true" />
      Share
      <span role="status" className="text-xs">
        {copied ? 'Link copied' : ''}
      </span>
    </button>
  );
}

/** A missing or unpublished post (spec): the searched slug, a link to /blog; 404, noindex. */
export function PostNotFound({ slug }: { slug: string }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{BLOG_MESSAGES.notFound}</h1>
      <p className="mt-3 break-words text-muted-foreground">
        We could not find a published article at “{slug}”.
      </p>
      <SiteLink to="/blog" className={buttonVariants({ className: 'mt-8' })}>
        Back to Blog
      </SiteLink>
    </section>
  );
}
