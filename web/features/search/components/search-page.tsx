import { SEARCH_KIND_LABELS, type SearchResultsView } from '../../../../api/search/contracts';
import { SiteLink } from '../../../components/layout/site-link';
import { Highlighted } from './highlighted';
import { SearchForm } from './search-form';

/** /search?q=: results grouped by kind with the matched words marked; empty and no-result states. */
export function SearchPage({ q, results }: { q: string; results: SearchResultsView | null }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
        {q ? `Search results for “${q}”` : 'Search VialCompare'}
      </h1>
      <SearchForm
        action="/search"
        id="search-page-q"
        label="Search providers and pages"
        defaultValue={q}
        button="Search"
      />
      <div className="mt-10 max-w-3xl" aria-live="polite">
        {!q ? (
          <p className="text-muted-foreground">
            Type a provider, a medication or a question, for example “tirzepatide” or “cost per mg”.
          </p>
        ) : !results || results.total === 0 ? (
          <p>
            No results for “{q}”. Check the spelling, try a shorter word, or{' '}
            <SiteLink to="/glp1-ai" className="text-primary underline underline-offset-2">
              ask the GLP-1 AI
            </SiteLink>
            .
          </p>
        ) : (
          <>
            <p className="text-muted-foreground">
              {results.total} {results.total === 1 ? 'result' : 'results'}
            </p>
            {results.groups.map((group) => (
              <section key={group.kind} aria-labelledby={`results-${group.kind}`} className="mt-8">
                <h2 id={`results-${group.kind}`} className="text-xl font-semibold">
                  {SEARCH_KIND_LABELS[group.kind]}
                </h2>
                <ul className="mt-3 space-y-4">
                  {group.hits.map((hit) => (
                    <li key={hit.id} className="rounded-lg border border-border bg-card p-4">
                      <a
                        href={hit.url}
                        className="text-lg font-semibold text-primary underline-offset-2 hover:underline"
                      >
                        <Highlighted segments={hit.title} />
                      </a>
                      <p className="mt-1 text-sm leading-6 text-muted-foreground">
                        <Highlighted segments={hit.snippet} />
                      </p>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </>
        )}
      </div>
    </div>
  );
}
