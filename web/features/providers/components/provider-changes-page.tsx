/**
 * /providers/{slug}/changes: the provider's public change log, newest first, a dated list of
 * every price, offer, fee, exit-term and trust-fact change and every check, in plain words
 * (projections/providers/changes.ts). Who made a change is not shown. Paged with plain links,
 * so it works without JavaScript.
 */
import { ChevronRight } from 'lucide-react';
import type { ProviderChangesView } from '../../../../api/providers/contracts';
import { PROVIDER_PAGES_PATH } from '../../../../domain/providers/slug';
import { SiteLink } from '../../../components/layout/site-link';
import { formatDate } from '../../../lib/format';
import { changesPath } from '../changes-path';

const linkClass =
  'inline-flex min-h-11 items-center font-medium text-primary underline underline-offset-4 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** 'Tirzepatide 5 mg: $299/mo → $329/mo' (the arrow read as 'to'). */
function ChangeText({ line }: { line: ProviderChangesView['entries'][number]['changes'][number] }) {
  if (line.before === null) {
    return (
      <>
        {line.label}: {line.after}
      </>
    );
  }
  return (
    <>
      {line.label}: {line.before} <span aria-hidden="true">→</span>
      <span className="sr-only">to</span> {line.after}
    </>
  );
}

export function ProviderChangesPage({ view }: { view: ProviderChangesView }) {
  const pages = Math.max(1, Math.ceil(view.total / view.pageSize));
  const { slug, name, path } = view.provider;
  return (
    <article className="mx-auto max-w-3xl px-4 pb-16 pt-4 sm:px-6">
      <nav aria-label="Breadcrumb" className="text-sm text-muted-foreground">
        <ol className="flex flex-wrap items-center gap-1">
          <li className="flex items-center gap-1">
            <SiteLink
              to={PROVIDER_PAGES_PATH}
              className="inline-flex min-h-11 items-center hover:underline"
            >
              Providers
            </SiteLink>
            <ChevronRight className="size-4" aria-hidden="true" />
          </li>
          <li className="flex items-center gap-1">
            <SiteLink to={path} className="inline-flex min-h-11 items-center hover:underline">
              {name}
            </SiteLink>
            <ChevronRight className="size-4" aria-hidden="true" />
          </li>
          <li>
            <span aria-current="page" className="font-medium text-foreground">
              Changes
            </span>
          </li>
        </ol>
      </nav>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{name}: price and fact changes</h1>
      <p className="mt-3 text-muted-foreground">
        Every change our editors made to {name}&rsquo;s prices, fees, exit terms and trust facts,
        and every time they checked them, newest first, as recorded.
      </p>
      {view.entries.length === 0 ? (
        <p className="mt-8">
          {view.total === 0 ? 'No changes recorded yet.' : 'No changes on this page.'}
        </p>
      ) : (
        <ol className="mt-8 space-y-6" aria-label={`Changes to ${name}, newest first`}>
          {view.entries.map((entry, i) => (
            <li key={`${entry.date}-${i}`} className="border-l-2 border-border pl-4">
              <p className="text-sm text-muted-foreground">
                <time dateTime={entry.date}>{formatDate(entry.date) ?? entry.date}</time>
              </p>
              <p className="font-semibold">{entry.summary}</p>
              {entry.changes.length > 0 ? (
                <ul className="mt-1 space-y-0.5 text-sm tabular-nums">
                  {entry.changes.map((line, j) => (
                    <li key={`${line.label}-${j}`}>
                      <ChangeText line={line} />
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {pages > 1 ? (
        <nav aria-label="Pages of changes" className="mt-8 flex gap-4">
          {/* Plain links: the page number is in the address, read by the server. */}
          {view.page > 1 ? (
            <a href={changesPath(slug, view.page - 1)} className={linkClass}>
              Newer changes
            </a>
          ) : null}
          {view.page < pages ? (
            <a href={changesPath(slug, view.page + 1)} className={linkClass}>
              Older changes
            </a>
          ) : null}
        </nav>
      ) : null}
      <p className="mt-8">
        <SiteLink to={path} className={linkClass}>
          Back to {name}
        </SiteLink>
      </p>
    </article>
  );
}
