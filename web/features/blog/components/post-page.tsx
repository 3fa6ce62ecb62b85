import { ArrowLeft, Share2 } from 'lucide-react';
import { useState } from 'react';
import type { PostView } from '../../../../api/blog/contracts';
import { BLOG_MESSAGES, formatLongDate } from '../../../../api/blog/contracts';
import { SiteLink } from '../../../components/layout/site-link';
import { buttonVariants } from '../../../components/ui/button';
import { PostArticle } from './post-article';

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
      <PostArticle
        title={post.title}
        featuredImageUrl={post.featuredImageUrl}
        enableReviewsSchema={post.enableReviewsSchema}
        publishedAt={post.publishedAt}
        authorName={post.authorName}
        readTimeMinutes={post.readTimeMinutes}
        excerpt={post.publicExcerpt ? (post.excerpt ?? post.publicExcerpt) : ''}
        html={post.content}
        actions={<ShareButton title={post.title} text={post.publicExcerpt} />}
      />
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
