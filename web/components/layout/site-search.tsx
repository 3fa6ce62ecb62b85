import { Search } from 'lucide-react';
import { cn } from '../../lib/utils';

/** The top bar's search box: a GET form to /search, so it works without JavaScript. */
export function SiteSearch({ id, className }: { id: string; className?: string }) {
  return (
    <form
      method="get"
      action="/search"
      role="search"
      // Named, as every search form is: a page with its own search box (/search, the Reddit
      // threads) otherwise had two unnamed search landmarks.
      aria-label="Search the site"
      className={cn('relative', className)}
    >
      <label htmlFor={id} className="sr-only">
        Search the site
      </label>
      <Search
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <input
        id={id}
        name="q"
        type="search"
        placeholder="Search"
        maxLength={200}
        className="h-11 w-full rounded-md border border-input bg-background pl-9 pr-3 text-base placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring md:text-sm"
      />
    </form>
  );
}
