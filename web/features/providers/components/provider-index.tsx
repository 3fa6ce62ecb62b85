import type { ProviderIndexView } from '../../../../api/providers/contracts';
import { PROVIDER_PAGES_PATH } from '../../../../domain/providers/slug';
import { SiteLink } from '../../../components/layout/site-link';
import { ListPager, listRangeText } from './list-pager';

/** /providers: every listed provider's page, by name, one page of the list at a time. */
export function ProviderIndex({ index }: { index: ProviderIndexView }) {
  const { links, paging } = index;
  const range = listRangeText(paging, links.length);
  return (
    <div className="mx-auto max-w-3xl px-4 pb-16 pt-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">All providers</h1>
      <p className="mt-3 text-muted-foreground">
        Every provider we list, A to Z. Each page shows the prices per dose, the cost of the first
        months, the states served and the Vial Score.
      </p>
      {links.length === 0 ? (
        <p className="mt-6">No providers are listed yet.</p>
      ) : (
        <>
          {paging.pageCount > 1 ? (
            <p className="mt-6 text-sm text-muted-foreground" data-testid="list-range">
              {range} providers.
            </p>
          ) : null}
          <ul className="mt-6 columns-1 gap-6 sm:columns-2">
            {links.map((link) => (
              <li key={link.slug}>
                <SiteLink
                  to={link.path}
                  className="inline-flex min-h-11 items-center font-medium text-primary underline underline-offset-4 hover:no-underline"
                >
                  {link.name}
                </SiteLink>
              </li>
            ))}
          </ul>
        </>
      )}
      <ListPager paging={paging} path={PROVIDER_PAGES_PATH} label="Pages of the provider list" />
    </div>
  );
}
