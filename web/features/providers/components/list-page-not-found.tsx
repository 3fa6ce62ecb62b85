import { pagePath } from '../../../../domain/shared/paging';
import { buttonVariants } from '../../../components/ui/button';
import { SiteLink } from '../../../components/layout/site-link';
import { fmt } from './list-pager';

/**
 * A page past a list's last (a link kept from when the list was longer): answered 404, with
 * the way to its first and last pages.
 */
export function ListPageNotFound({
  page,
  pageCount,
  path,
  what,
}: {
  page: number;
  pageCount: number;
  path: string;
  /** 'The provider list', 'The list of providers serving Ohio'. */
  what: string;
}) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Page not found</h1>
      <p className="mt-3 text-muted-foreground">
        {what} has {pageCount === 1 ? 'one page' : `${fmt(pageCount)} pages`}, not {fmt(page)}.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <SiteLink to={path} className={buttonVariants()}>
          First page
        </SiteLink>
        {pageCount > 1 ? (
          <a href={pagePath(path, pageCount)} className={buttonVariants({ variant: 'outline' })}>
            Last page ({fmt(pageCount)})
          </a>
        ) : null}
      </div>
    </section>
  );
}
