import type { ReactNode } from 'react';
import { formatLongDate } from '../../../../api/blog/contracts';
import { PROSE_CLASS } from '../../../components/prose';
import { Badge } from '../../../components/ui/badge';

export interface PostArticleProps {
  title: string;
  featuredImageUrl: string | null;
  enableReviewsSchema: boolean;
  publishedAt: string | null;
  authorName: string;
  readTimeMinutes: number;
  /** The highlighted summary under the byline ('' for none). */
  excerpt: string;
  /** The body, already sanitised by the server's allowlist (domain/blog/html.ts). */
  html: string;
  /** 1 on the post's page; 2 inside another page (the editor's preview: one h1 a page). */
  headingLevel?: 1 | 2;
  /** After the byline (the page's Share button). */
  actions?: ReactNode;
}

/**
 * A post as its public page shows it, from the featured image to the end of the body: the
 * page (/blog/{slug}) and the editor's live preview render this one piece.
 */
export function PostArticle({
  title,
  featuredImageUrl,
  enableReviewsSchema,
  publishedAt,
  authorName,
  readTimeMinutes,
  excerpt,
  html,
  headingLevel = 1,
  actions,
}: PostArticleProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <>
      {featuredImageUrl ? (
        <img
          src={featuredImageUrl}
          alt=""
          width={1200}
          height={630}
          className="mt-6 aspect-[1200/630] w-full rounded-xl bg-muted object-cover"
        />
      ) : null}
      <div className="mt-6 flex flex-wrap gap-2">
        <Badge>GLP-1 Article</Badge>
        <Badge variant="secondary">Health &amp; Medicine</Badge>
        {enableReviewsSchema ? <Badge variant="outline">Expert Review</Badge> : null}
      </div>
      <Heading className="mt-4 text-3xl font-bold tracking-tight break-words sm:text-4xl">
        {title}
      </Heading>
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
        {publishedAt ? <time dateTime={publishedAt}>{formatLongDate(publishedAt)}</time> : null}
        <span>By {authorName}</span>
        <span>{readTimeMinutes} min read</span>
        {actions}
      </div>
      {excerpt ? (
        <p className="mt-6 rounded-lg border-l-4 border-primary bg-muted/50 p-4 text-lg">
          {excerpt}
        </p>
      ) : null}
      <div className={`mt-8 ${PROSE_CLASS}`} dangerouslySetInnerHTML={{ __html: html }} />
    </>
  );
}
