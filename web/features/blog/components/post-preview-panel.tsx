import { Eye } from 'lucide-react';
import { LiveMessage } from '../../../components/field';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/utils';
import { errorMessage } from '../../../lib/http-client';
import { useLivePreview } from '../api/live-preview';
import type { PostFormValues } from '../post-form';
import { useDebouncedValue } from '../use-debounced-value';
import { PostArticle } from './post-article';

/** How long typing must pause before the preview follows it. */
export const PREVIEW_DELAY_MS = 300;

/** A featured image address the page could show (what the server accepts), else null. */
function imageAddress(value: string): string | null {
  const url = value.trim();
  return /^https?:\/\/\S+$/i.test(url) && URL.canParse(url) ? url : null;
}

/**
 * The editor's live preview (issue 27): the form's current values, saved or not, as the post's
 * public page shows them (the same PostArticle, the site's type and reading styles). The body
 * is sanitised by the server's own allowlist before it is shown, a moment after typing pauses.
 */
export function PostPreviewPanel({
  id,
  values,
  publishedAt,
  className,
}: {
  id: string;
  values: PostFormValues;
  /** When the post went public (a saved, published post), else null. */
  publishedAt: string | null;
  className?: string;
}) {
  const settled = useDebouncedValue(values, PREVIEW_DELAY_MS);
  const preview = useLivePreview({ content: settled.content, excerpt: settled.excerpt }, true);
  const body = preview.data;
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      // Beside the form it scrolls on its own: reachable from the keyboard.
      tabIndex={0}
      aria-busy={preview.isFetching || settled !== values ? true : undefined}
      className={cn(
        'grid min-w-0 content-start gap-3 rounded-lg border border-border p-4',
        className,
      )}
    >
      <div className="grid gap-1">
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
          <Eye aria-hidden="true" className="size-5" />
          Live preview
        </h2>
        <p className="text-sm text-muted-foreground">
          The post as its page will show it, with your unsaved changes. It follows your typing;
          nothing is saved or published from here.
        </p>
      </div>
      {preview.isError ? (
        <LiveMessage
          message={`The preview could not be updated: ${errorMessage(preview.error, 'please try again.')}`}
        />
      ) : null}
      <div className="min-w-0 rounded-md border border-border bg-background">
        <article className="mx-auto max-w-3xl px-4 pb-8 sm:px-6" aria-label="Post preview">
          <PostArticle
            headingLevel={2}
            title={settled.title.trim() || 'Untitled post'}
            featuredImageUrl={imageAddress(settled.featuredImageUrl)}
            enableReviewsSchema={settled.enableReviewsSchema}
            publishedAt={publishedAt}
            authorName={settled.authorName.trim() || 'Admin'}
            readTimeMinutes={body?.readTimeMinutes ?? 1}
            excerpt={settled.excerpt.trim() || body?.publicExcerpt || ''}
            html={body?.html ?? ''}
          />
          {!body && preview.isPending ? (
            <div className="mt-8 grid gap-3" aria-hidden="true">
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-5/6" />
              <Skeleton className="h-4 w-2/3" />
            </div>
          ) : null}
        </article>
      </div>
    </section>
  );
}
