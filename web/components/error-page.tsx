import { useLocation, type ErrorComponentProps } from '@tanstack/react-router';
import { SITE_NAME } from '../lib/site';
import { buttonVariants } from './ui/button';

export const ERROR_PAGE_TITLE = 'Something went wrong';

/**
 * The error page's content. Plain links, not router links: after a failure a full page load is
 * the retry (the server renders the page again, JavaScript or not). What failed is never shown:
 * it may name internals.
 */
export function ErrorPanel({ retryHref }: { retryHref: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-bold tabular-nums text-primary">500</p>
      <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">{ERROR_PAGE_TITLE}</h1>
      <p className="mt-3 text-muted-foreground">
        This page could not be shown just now. Please try again in a moment.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href={retryHref} className={buttonVariants()}>
          Try again
        </a>
        <a href="/" className={buttonVariants({ variant: 'outline' })}>
          Return to Home
        </a>
      </div>
    </section>
  );
}

/**
 * The site's error page: what any route shows when its loader or component failed (routes with
 * their own errorComponent, the blog's, keep theirs), inside the site's layout. The server
 * answers it with 500, noindex and no-store (web/entry-server.tsx, api/ssr).
 */
export function ErrorPage(_props: ErrorComponentProps) {
  const href = useLocation({ select: (l) => l.href });
  return <ErrorPanel retryHref={href} />;
}

/**
 * The whole error document, for when the page itself could not be rendered (its layout failed):
 * the same content with the site's stylesheets, noindex, no script.
 */
export function ErrorDocument({ retryHref, styles }: { retryHref: string; styles: string[] }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${ERROR_PAGE_TITLE} | ${SITE_NAME}`}</title>
        {styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body className="flex min-h-dvh flex-col">
        <main id="main" className="flex-1">
          <ErrorPanel retryHref={retryHref} />
        </main>
      </body>
    </html>
  );
}
