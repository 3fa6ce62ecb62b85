/**
 * The pages of a list paged on the server (/providers, the city and state rankings): plain
 * links, so they work before (or without) JavaScript; 'Page 2 of 7' between Previous and Next,
 * each named for a screen reader with the page it leads to.
 */
import { pagePath, type ListPaging } from '../../../../domain/shared/paging';
import { buttonVariants } from '../../../components/ui/button';

export const fmt = (n: number) => n.toLocaleString('en-US');

/** Nothing for a one-page list. */
export function ListPager({
  paging,
  path,
  label,
}: {
  paging: ListPaging;
  /** The list's own address (page 1). */
  path: string;
  /** What the list is, for the navigation's name: 'Provider pages'. */
  label: string;
}) {
  const { page, pageCount } = paging;
  if (pageCount <= 1 || page > pageCount) return null;
  const link = buttonVariants({ variant: 'outline', className: 'min-h-11' });
  return (
    <nav aria-label={label} className="mt-8 flex flex-wrap items-center justify-center gap-3">
      {page > 1 ? (
        <a
          href={pagePath(path, page - 1)}
          className={link}
          aria-label={`Previous page, page ${fmt(page - 1)} of ${fmt(pageCount)}`}
        >
          <span aria-hidden="true">←</span>
          Previous
        </a>
      ) : null}
      <span className="text-sm text-muted-foreground" aria-current="page">
        Page {fmt(page)} of {fmt(pageCount)}
      </span>
      {page < pageCount ? (
        <a
          href={pagePath(path, page + 1)}
          className={link}
          aria-label={`Next page, page ${fmt(page + 1)} of ${fmt(pageCount)}`}
        >
          Next
          <span aria-hidden="true">→</span>
        </a>
      ) : null}
    </nav>
  );
}

/** 'Showing 21–40 of 312' (nothing when the list is empty). */
export function listRangeText(paging: ListPaging, shown: number): string {
  if (paging.total === 0 || shown === 0) return '';
  const first = (paging.page - 1) * paging.pageSize + 1;
  return `Showing ${fmt(first)}–${fmt(first + shown - 1)} of ${fmt(paging.total)}`;
}
