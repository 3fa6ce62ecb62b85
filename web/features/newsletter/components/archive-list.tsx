import type { ReactNode } from 'react';
import { ArrowRight, Rss } from 'lucide-react';
import { SiteLink } from '../../../components/layout/site-link';
import { formatDate } from '../../../lib/format';
import { ARCHIVE_PATHS, type ArchivedIssueSummary } from '../api/archive';

export const ARCHIVE_EMPTY = 'No issues have been sent yet.';

/**
 * /newsletter: every sent issue, newest first (subject, date, preheader), the signup form
 * (`signup`, so a reader who likes what they see can subscribe here) and the RSS feed.
 */
export function ArchiveList({
  issues,
  signup,
}: {
  issues: readonly ArchivedIssueSummary[];
  signup: ReactNode;
}) {
  return (
    <section className="mx-auto grid max-w-3xl gap-10 px-4 py-10 sm:py-14">
      <header className="grid gap-3">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Newsletter archive</h1>
        <p className="text-muted-foreground">
          Every weekly issue sent so far: new providers, price changes and articles, as they went
          out.{' '}
          <a
            href={ARCHIVE_PATHS.feed}
            className="inline-flex min-h-11 items-center gap-1 font-medium text-primary underline underline-offset-4 hover:no-underline sm:min-h-0"
          >
            <Rss aria-hidden="true" className="size-4" />
            RSS feed
          </a>
        </p>
      </header>

      {issues.length === 0 ? (
        <p className="rounded-lg border border-border bg-card p-6 text-center text-muted-foreground">
          {ARCHIVE_EMPTY}{' '}
          <a href="#subscribe" className="font-medium text-primary underline underline-offset-4">
            Subscribe
          </a>{' '}
          to get the first one.
        </p>
      ) : (
        <ol className="grid gap-4" aria-label="Sent issues, newest first">
          {issues.map((issue) => (
            <li key={issue.slug}>
              <article className="grid gap-2 rounded-xl border bg-card p-4 shadow-sm sm:p-5">
                <p className="text-sm text-muted-foreground">
                  <time dateTime={issue.sentAt}>{formatDate(issue.sentAt)}</time>
                </p>
                <h2 className="text-lg font-semibold break-words">
                  <SiteLink to={ARCHIVE_PATHS.issuePage(issue.slug)} className="hover:underline">
                    {issue.subject}
                  </SiteLink>
                </h2>
                {issue.preheader ? (
                  <p className="text-sm text-muted-foreground">{issue.preheader}</p>
                ) : null}
                <SiteLink
                  to={ARCHIVE_PATHS.issuePage(issue.slug)}
                  className="inline-flex min-h-11 w-fit items-center gap-1.5 text-sm font-medium text-primary underline underline-offset-4 hover:no-underline"
                >
                  Read the issue
                  <ArrowRight className="size-4" aria-hidden="true" />
                  <span className="sr-only">: {issue.subject}</span>
                </SiteLink>
              </article>
            </li>
          ))}
        </ol>
      )}

      <SubscribeBox signup={signup} />
    </section>
  );
}

/** The call to subscribe under the archive and each issue. */
export function SubscribeBox({ signup }: { signup: ReactNode }) {
  return (
    <section
      id="subscribe"
      aria-labelledby="subscribe-heading"
      className="grid scroll-mt-20 gap-3 rounded-xl border border-primary/30 bg-primary-soft/40 p-5 sm:p-6"
    >
      <h2 id="subscribe-heading" className="text-xl font-bold tracking-tight">
        Get the next issue by e-mail
      </h2>
      <p className="text-sm text-muted-foreground">
        New providers, price changes and articles, once a week. Unsubscribe with one click.
      </p>
      {signup}
    </section>
  );
}

/** The archive could not be read: say so, with Try again (the loader runs again). */
export function ArchiveError({ onRetry }: { onRetry: () => void }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center" role="alert">
      <h1 className="text-2xl font-bold">Newsletter archive</h1>
      <p className="mt-4">Failed to load the newsletter archive.</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-6 min-h-11 rounded-md bg-primary px-4 font-medium text-primary-foreground"
      >
        Try again
      </button>
    </section>
  );
}
