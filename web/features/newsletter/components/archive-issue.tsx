import type { ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';
import { SiteLink } from '../../../components/layout/site-link';
import { PROSE_CLASS } from '../../../components/prose';
import { buttonVariants } from '../../../components/ui/button';
import { formatDate } from '../../../lib/format';
import { ARCHIVE_PATHS, type ArchivedIssue } from '../api/archive';
import { SubscribeBox } from './archive-list';

/**
 * /newsletter/{slug}: a sent issue as content. The body is HTML sanitised on save and again
 * when the server reads it, so it is rendered as it arrives, with the blog's reading styles.
 */
export function ArchiveIssue({ issue, signup }: { issue: ArchivedIssue; signup: ReactNode }) {
  return (
    <article className="mx-auto grid max-w-3xl gap-8 px-4 py-8 sm:py-12">
      <SiteLink
        to={ARCHIVE_PATHS.page}
        className="inline-flex min-h-11 w-fit items-center gap-1.5 font-medium text-primary underline underline-offset-4 hover:no-underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        All issues
      </SiteLink>
      <header className="grid gap-3">
        <p className="text-sm text-muted-foreground">
          The weekly newsletter, sent{' '}
          <time dateTime={issue.sentAt}>{formatDate(issue.sentAt)}</time>
        </p>
        <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl">
          {issue.subject}
        </h1>
        {issue.preheader ? (
          <p className="text-lg text-muted-foreground">{issue.preheader}</p>
        ) : null}
      </header>
      <div className={PROSE_CLASS} dangerouslySetInnerHTML={{ __html: issue.bodyHtml }} />
      <SubscribeBox signup={signup} />
    </article>
  );
}

/** An unknown slug, or an issue that was never sent: 404, noindex. */
export function ArchiveIssueNotFound({ slug }: { slug: string }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Issue not found</h1>
      <p className="mt-3 break-words text-muted-foreground">
        We could not find a sent newsletter issue at “{slug}”.
      </p>
      <SiteLink to={ARCHIVE_PATHS.page} className={buttonVariants({ className: 'mt-8' })}>
        All issues
      </SiteLink>
    </section>
  );
}
