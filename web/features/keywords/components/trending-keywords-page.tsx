import { Link } from '@tanstack/react-router';
import { Search, TrendingUp } from 'lucide-react';
import {
  TRENDING_KEYWORDS_PAGE,
  keywordSearchPath,
  type TrendingKeywordsView,
} from '../../../../api/keywords/contracts';

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * /trending-keywords: the active keywords in the administrators' order, each a link to the
 * site's search for it. With none, says so and offers the search itself.
 */
export function TrendingKeywordsPage({ view }: { view: TrendingKeywordsView }) {
  const { keywords, updatedAt } = view;
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="flex items-center gap-3 text-3xl font-bold tracking-tight sm:text-4xl">
        <TrendingUp className="size-8 text-primary" aria-hidden="true" />
        {TRENDING_KEYWORDS_PAGE.heading}
      </h1>
      <p className="mt-4 max-w-3xl text-lg leading-8 text-muted-foreground">
        {TRENDING_KEYWORDS_PAGE.intro} Each keyword opens the site search for it.
      </p>
      {keywords.length === 0 ? (
        <div className="mt-10 max-w-3xl rounded-lg border border-border bg-surface p-6">
          <p className="font-medium">No trending keywords are listed right now.</p>
          <p className="mt-2 text-muted-foreground">
            Our editors have not picked any yet. You can still{' '}
            <Link to="/search" className="text-primary underline underline-offset-2">
              search the site
            </Link>{' '}
            for providers, medications and answers.
          </p>
        </div>
      ) : (
        <section aria-labelledby="trending-list-heading" className="mt-10">
          <h2 id="trending-list-heading" className="text-xl font-semibold">
            {keywords.length === 1 ? '1 keyword' : `${keywords.length} keywords`}, most searched
            first
          </h2>
          {updatedAt ? (
            <p className="mt-1 text-sm text-muted-foreground">
              List updated <time dateTime={updatedAt}>{formatDate(updatedAt)}</time>
            </p>
          ) : null}
          <ol className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {keywords.map((k, index) => (
              <li key={k.id}>
                <a
                  href={keywordSearchPath(k.keyword)}
                  className="flex min-h-11 items-center gap-3 rounded-lg border border-border bg-card p-4 shadow-card hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  <span className="w-6 text-right text-sm font-semibold tabular-nums text-muted-foreground">
                    {index + 1}
                  </span>
                  <span className="grid flex-1 gap-0.5">
                    <span className="font-medium text-primary">{k.keyword}</span>
                    {k.category ? (
                      <span className="text-sm text-muted-foreground">{k.category}</span>
                    ) : null}
                  </span>
                  <Search className="size-4 text-muted-foreground" aria-hidden="true" />
                </a>
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
