import { createFileRoute } from '@tanstack/react-router';
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE, pageHead } from '../lib/site';
import { parseStateCode } from '../../domain/cities/parse-state';
import { stateOfZip } from '../../domain/cities/zip';
import { stateName, type StateCode } from '../../domain/shared/reference/states';
import { statePath } from '../../domain/cities/paths';
import type { ListPaging } from '../../domain/shared/paging';
import { homeTopProviders } from '../../domain/site-content/counts';
import type { ProviderCardView } from '../../api/providers/contracts';
import type { SiteContentView } from '../../api/site-content/contracts';
import { HomePage } from '../features/home/components/home-page';
import {
  featuredRankingQuery,
  type FeaturedRequest,
} from '../features/providers/api/featured-providers';
import {
  FeaturedProviderList,
  ProviderListSkeleton,
} from '../features/providers/components/provider-list';
import { ProviderListView } from '../features/providers/components/provider-list-view';
import { ProviderListControls, listSearch } from '../features/providers/components/list-controls';
import { TopListMore } from '../features/providers/components/top-list-more';
import { PROVIDER_PAGES_PATH } from '../../domain/providers/slug';
import {
  parseMedicationFilter,
  parseProviderListSort,
  type ProviderListSort,
} from '../../domain/providers/list-view';
import { statePageQuery } from '../features/cities/api/state-page';
import { StateFilter } from '../features/cities/components/state-filter';
import { StateRankingList } from '../features/cities/components/state-ranking-query';
import { NewsletterSignup } from '../features/newsletter/components/newsletter-signup';
import {
  parseNewsletterFormSearch,
  type NewsletterFormSearch,
} from '../../api/newsletter/contracts';
import { siteContentQuery, useSiteContent } from '../features/site-content/api/site-content';

type HomeSearch = NewsletterFormSearch & {
  state?: StateCode;
  zip?: string | number;
  sort?: ProviderListSort;
  medication?: string;
};

/** ?state= or ?zip= (resolved to its state when it is a known ZIP). */
function locationSearch(search: Record<string, unknown>): {
  state?: StateCode;
  zip?: string | number;
} {
  const state = parseStateCode(search.state);
  if (state) return { state };
  // The router reads '10001' from the query string as the number 10001 (JSON values) and
  // writes it back the same way: a number stays a number, or the URL would gain quotes.
  const raw = search.zip;
  if (typeof raw === 'number' && Number.isInteger(raw) && raw >= 0) {
    const found = stateOfZip(String(raw));
    return found.ok ? { state: found.state } : { zip: raw };
  }
  if (typeof raw !== 'string' || raw.trim() === '') return {};
  const found = stateOfZip(raw);
  return found.ok ? { state: found.state } : { zip: raw.trim().slice(0, 10) };
}

/**
 * The list the home page shows: the top N (site content `home_top_providers`, default 10) of the
 * featured ranking or of the chosen state's, filtered and sorted on the server before the cut.
 */
function homeListRequest(
  content: SiteContentView,
  search: { sort?: ProviderListSort | undefined; medication?: string | undefined },
): FeaturedRequest {
  return {
    limit: homeTopProviders(content.home_top_providers),
    sort: search.sort,
    medication: search.medication,
  };
}

export const Route = createFileRoute('/')({
  // ?state=OH narrows the ranking to the providers serving Ohio; ?zip=43004 (the ZIP box
  // without JavaScript) to the ZIP's state; a ZIP that is no state's stays, to say why.
  // ?medication=tirzepatide and ?sort=price|titration|states (domain/providers/list-view.ts)
  // filter and order the list; the default sort is not written.
  validateSearch: (search: Record<string, unknown>): HomeSearch => {
    const sort = parseProviderListSort(search.sort);
    const medication = parseMedicationFilter(search.medication);
    // In the order the forms write them (state, medication, sort): the router redirects a URL
    // whose parameters re-serialise in another order.
    return {
      ...locationSearch(search),
      ...(medication ? { medication } : {}),
      ...(sort && sort !== 'score' ? { sort } : {}),
      // How the newsletter form's no-JavaScript post went (api/newsletter/routes.ts).
      ...parseNewsletterFormSearch(search),
    };
  },
  loaderDeps: ({ search }) => ({
    state: search.state,
    sort: search.sort,
    medication: search.medication,
  }),
  loader: async ({ context, deps }) => {
    const { queryClient, api } = context;
    const content = queryClient.ensureQueryData(siteContentQuery(api));
    // How many to list is site content: the list's read follows it (in process on the server).
    const providers = content.then((loaded) => {
      const request = homeListRequest(loaded, deps);
      return deps.state
        ? queryClient.prefetchQuery(statePageQuery(api, deps.state, request))
        : queryClient.prefetchQuery(featuredRankingQuery(api, request));
    });
    // On the server wait for both so the HTML carries the provider names; in the browser let
    // the list show its five skeletons while it loads.
    await Promise.all(typeof document === 'undefined' ? [content, providers] : [content]);
  },
  head: () => pageHead({ title: DEFAULT_TITLE, description: DEFAULT_DESCRIPTION }),
  component: HomeRoute,
});

/**
 * Composes the home page: the editable hero texts, the top of the ranking (of the featured
 * providers, or of those serving the chosen state) and the link to the full list, the state
 * filter, the newsletter signup.
 */
function HomeRoute() {
  const { api } = Route.useRouteContext();
  const { state, zip, sort, medication, newsletter, retry } = Route.useSearch();
  const content = useSiteContent(api);
  const keep = listSearch({ sort, medication });
  const request = homeListRequest(content, { sort, medication });
  const renderProviders = (
    providers: readonly ProviderCardView[],
    label: string,
    paging: ListPaging,
  ) => (
    <>
      <ProviderListView
        providers={providers}
        label={label}
        sort={sort}
        medication={medication}
        state={state}
      />
      {/* The top N, then the way to the full list (the state's ranking, or every provider). */}
      <TopListMore
        paging={paging}
        shown={providers.length}
        to={state ? statePath(state) : PROVIDER_PAGES_PATH}
        linkText={
          state ? `See all providers serving ${stateName(state)}` : 'See every provider, A to Z'
        }
      />
    </>
  );
  return (
    <HomePage
      content={content}
      providersFilter={
        <div className="flex flex-col gap-3">
          <StateFilter
            key={String(zip ?? '')}
            value={state}
            keep={keep}
            {...(zip === undefined ? {} : { zip: String(zip) })}
          />
          <ProviderListControls state={state} sort={sort} medication={medication} />
        </div>
      }
      providers={
        state ? (
          <StateRankingList
            key={state}
            api={api}
            state={state}
            request={request}
            fallback={<ProviderListSkeleton />}
            renderProviders={renderProviders}
          />
        ) : (
          <FeaturedProviderList api={api} request={request} renderProviders={renderProviders} />
        )
      }
      newsletter={<NewsletterSignup returned={newsletter} retryMinutes={retry} />}
    />
  );
}
