import { lazy, Suspense } from 'react';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { costPageQuery } from '../features/cost/api/cost-page';
import { CostPage } from '../features/cost/components/cost-page';
import { costPageCopy } from '../features/cost/meta';
import {
  costRouterSearch,
  costSearchText,
  parseCostPageSearch,
  type CostPageSearch,
} from '../features/cost/search';
import { canonicalUrl, pageHead } from '../lib/site';
import { priceAlertAvailabilityQuery } from '../features/newsletter/api/price-alerts';

// Loaded only when alerts are offered (after hydration): not in the page's first-load script.
const PriceAlertForm = lazy(() =>
  import('../features/newsletter/components/price-alert-form').then((module) => ({
    default: module.PriceAlertForm,
  })),
);

/** The canonical address of a valid choice: its medication, form, months and state. */
function canonicalOf(
  siteUrl: string,
  view: {
    choice: { medication: string; form: string; months: number; state: string | null };
  } | null,
) {
  const base = canonicalUrl(siteUrl, '/cost');
  if (!view) return base;
  const { medication, form, months, state } = view.choice;
  const query = new URLSearchParams({
    medication,
    form,
    months: String(months),
    ...(state ? { state } : {}),
  });
  return `${base}?${query.toString()}`;
}

/**
 * /cost: providers ranked by the all-in cost of the visitor's path (features/cost). The choices
 * live in the URL (a plain GET form, server-rendered); a wrong one answers 400 with the form
 * and each message beside its field.
 */
export const Route = createFileRoute('/cost')({
  validateSearch: parseCostPageSearch,
  loaderDeps: ({ search }) => costSearchText(search),
  loader: async ({ context: { queryClient, api, siteUrl }, deps }) => {
    const result = await queryClient.ensureQueryData(costPageQuery(api, deps));
    return result.ok
      ? { httpStatus: 200, canonicalUrl: canonicalOf(siteUrl, result.view) }
      : { httpStatus: result.status };
  },
  head: ({ match }) => {
    const result = match.context.queryClient.getQueryData(
      costPageQuery(match.context.api, costSearchText(match.search)).queryKey,
    );
    return pageHead(costPageCopy(result?.ok ? result.view : null), {
      noindex: result?.ok === false,
    });
  },
  component: CostRoute,
});

function CostRoute() {
  const search = costSearchText(Route.useSearch());
  const { api } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  const router = useRouter();
  const { data: result } = useSuspenseQuery(costPageQuery(api, search));
  const hrefFor = (next: CostPageSearch) =>
    router.buildLocation({ to: '/cost', search: costRouterSearch(next) }).href;
  // The alert form is the newsletter's, composed here (features never import each other).
  const { data: alerts } = useQuery(priceAlertAvailabilityQuery(api));
  const choice = result.ok ? result.view.choice : null;
  return (
    <>
      <CostPage
        result={result}
        search={search}
        onSearch={(next) => void navigate({ search: costRouterSearch(next) })}
        pageHref={(page) => hrefFor({ ...search, page: String(page) })}
      />
      {alerts?.alertsAvailable ? (
        <Suspense fallback={null}>
          <PriceAlertForm
            // A new choice starts the form again with its medication and state.
            key={`${choice?.medication ?? ''}-${choice?.state ?? ''}`}
            target={{
              kind: 'cheapest',
              ...(choice ? { medication: choice.medication } : {}),
              ...(choice?.state ? { state: choice.state } : {}),
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
