import { ChevronRight } from 'lucide-react';
import type { Crumb } from '../../../../domain/cities/paths';
import { SiteLink } from '../../../components/layout/site-link';

/** Home > State > City, the last one the current page. */
export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-x-1 gap-y-1">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.path} className="flex items-center gap-1">
              {last ? (
                <span aria-current="page" className="font-medium text-foreground">
                  {crumb.name}
                </span>
              ) : (
                <>
                  <SiteLink
                    to={crumb.path}
                    className="inline-flex min-h-11 items-center underline-offset-4 hover:text-primary hover:underline"
                  >
                    {crumb.name}
                  </SiteLink>
                  <ChevronRight className="size-4" aria-hidden="true" />
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
