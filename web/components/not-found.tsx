import { useEffect } from 'react';
import { useLocation } from '@tanstack/react-router';
import { buttonVariants } from './ui/button';
import { SiteLink } from './layout/site-link';

/** Any unknown path (spec: 404 page). The server answers it with HTTP 404 and noindex. */
export function NotFound() {
  const pathname = useLocation({ select: (l) => l.pathname });
  useEffect(() => {
    console.warn(`404: no page at ${pathname}`);
  }, [pathname]);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-bold tabular-nums text-primary">404</p>
      <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">Oops! Page not found</h1>
      <p className="mt-3 text-muted-foreground">
        The page you are looking for does not exist or has moved.
      </p>
      <SiteLink to="/" className={buttonVariants({ className: 'mt-8' })}>
        Return to Home
      </SiteLink>
    </section>
  );
}
