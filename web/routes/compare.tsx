import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { parseStateCode } from '../../domain/cities/parse-state';
import { compareSlugs } from '../../domain/providers/compare';
import type { StateCode } from '../../domain/shared/reference/states';
import { compareQuery } from '../features/providers/api/compare';
import { ComparePage } from '../features/providers/components/compare-page';
import { noindexHead } from '../features/providers/head';
import { pageHead } from '../lib/site';

export const Route = createFileRoute('/compare')({
  // ?providers=a,b,c (shareable), or providers=a&providers=b as a plain GET form sends it:
  // both become the one comma-separated form (the router redirects to it).
  validateSearch: (search: Record<string, unknown>): { providers?: string; state?: StateCode } => {
    const slugs = compareSlugs(search.providers);
    const state = parseStateCode(search.state);
    return {
      ...(slugs.length > 0 ? { providers: slugs.join(',') } : {}),
      ...(state ? { state } : {}),
    };
  },
  loaderDeps: ({ search }) => ({ providers: search.providers ?? '', state: search.state }),
  loader: async ({ context: { queryClient, api }, deps }) => {
    // Nothing chosen yet (the footer's link): the page says how to choose, and is no error.
    if (!deps.providers) return { httpStatus: 200 };
    const result = await queryClient.ensureQueryData(compareQuery(api, deps.providers, deps.state));
    // The HTTP status of a refused comparison (web/entry-server.tsx answers with it).
    return { httpStatus: result.ok ? 200 : result.status };
  },
  head: ({ match }) => {
    const { providers, state } = match.search;
    const result = match.context.queryClient.getQueryData(
      compareQuery(match.context.api, providers ?? '', state).queryKey,
    );
    if (!result?.ok) return { meta: noindexHead('Compare providers') };
    const names = result.view.providers.map((p) => p.name);
    return pageHead({
      title: `Compare ${names.join(' vs ')}`,
      description: `${names.join(', ')} side by side: prices per dose, titration costs, states served, Vial Scores, features and discount codes.`,
    });
  },
  component: CompareRoute,
});

function CompareRoute() {
  const { providers, state } = Route.useSearch();
  return providers ? (
    <Comparison providers={providers} state={state} />
  ) : (
    <ComparePage result={null} providers="" state={state} />
  );
}

function Comparison({ providers, state }: { providers: string; state: StateCode | undefined }) {
  const { api } = Route.useRouteContext();
  const { data: result } = useSuspenseQuery(compareQuery(api, providers, state));
  return <ComparePage result={result} providers={providers} state={state} />;
}
