import { Fragment, type ReactNode } from 'react';
import { formatLastUpdated, type StaticPage } from '../../../../domain/shared/pages';
import { SiteLink } from '../../../components/layout/site-link';

/** '(/contact)' in a text becomes a link to that page. */
export function LinkedText({ text }: { text: string }) {
  const parts = text.split(/\((\/[a-z0-9-]*)\)/);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <Fragment key={i}>
            (
            <SiteLink to={part} className="font-medium text-primary underline underline-offset-2">
              {part}
            </SiteLink>
            )
          </Fragment>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** The page's header: its one h1, the intro and, for legal pages, the last update. */
export function PageIntro({ page, children }: { page: StaticPage; children?: ReactNode }) {
  return (
    <header className="max-w-3xl">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{page.heading}</h1>
      {page.lastUpdated ? (
        <p className="mt-2 text-sm text-muted-foreground">
          Last updated {formatLastUpdated(page.lastUpdated)}
        </p>
      ) : null}
      {page.intro ? (
        <p className="mt-4 text-lg leading-8 text-muted-foreground">{page.intro}</p>
      ) : null}
      {children}
    </header>
  );
}

export function PageSections({ page }: { page: StaticPage }) {
  return (
    <div className="mt-10 max-w-3xl space-y-10">
      {page.sections.map((section) => (
        <section key={section.heading} aria-labelledby={sectionId(section.heading)}>
          <h2 id={sectionId(section.heading)} className="text-xl font-semibold tracking-tight">
            {section.heading}
          </h2>
          {section.paragraphs.map((p) => (
            <p key={p} className="mt-3 leading-7">
              <LinkedText text={p} />
            </p>
          ))}
          {section.items?.length ? (
            <ul className="mt-3 list-disc space-y-2 pl-6 leading-7">
              {section.items.map((item) => (
                <li key={item}>
                  <LinkedText text={item} />
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </div>
  );
}

export const sectionId = (heading: string) =>
  `section-${heading.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** A text page (the legal pages): header, sections, and the way to reach us. */
export function ContentPage({ page }: { page: StaticPage }) {
  return (
    <article className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <PageIntro page={page} />
      <PageSections page={page} />
      <p className="mt-12 max-w-3xl rounded-lg border border-border bg-surface p-5 leading-7">
        Questions about this page?{' '}
        <SiteLink to="/contact" className="font-medium text-primary underline underline-offset-2">
          Contact us
        </SiteLink>
        .
      </p>
    </article>
  );
}
