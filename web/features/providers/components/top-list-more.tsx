import type { ListPaging } from '../../../../domain/shared/paging';
import { SiteLink } from '../../../components/layout/site-link';

const fmt = (n: number) => n.toLocaleString('en-US');

/**
 * Under a list cut to its top N (the home page): how many it shows of how many, and the link to
 * the full list, which works without JavaScript.
 */
export function TopListMore({
  paging,
  shown,
  to,
  linkText,
}: {
  paging: ListPaging;
  shown: number;
  /** The full list's address. */
  to: string;
  linkText: string;
}) {
  return (
    <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-muted-foreground">
      {shown > 0 && paging.total > shown ? (
        <span data-testid="top-list-count">
          Showing the top {fmt(shown)} of {fmt(paging.total)}.
        </span>
      ) : null}
      <SiteLink
        to={to}
        className="inline-flex min-h-11 items-center gap-1 font-medium text-primary underline underline-offset-4 hover:no-underline"
      >
        {linkText}
        <span aria-hidden="true">→</span>
      </SiteLink>
    </p>
  );
}
