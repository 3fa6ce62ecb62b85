import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { parsePreferencesSearch, PREFERENCES_PAGE_MESSAGES } from '../../api/newsletter/contracts';
import { preferencesQuery } from '../features/newsletter/api/preferences';
import {
  PreferencesPage,
  PreferencesUnavailable,
} from '../features/newsletter/components/preferences-page';
import { errorMessage } from '../lib/http-client';
import { pageHead } from '../lib/site';

/**
 * /preferences/{token}: a subscriber's newsletter preferences, opened by the signed link in
 * every mail. The server answers a bad or tampered token with a 400 page before this renders
 * (api/newsletter/routes.ts); ?saved=1 is where the form lands once saved.
 */
export const Route = createFileRoute('/preferences/$token')({
  validateSearch: parsePreferencesSearch,
  loader: ({ context: { queryClient, api }, params: { token } }) =>
    queryClient.ensureQueryData(preferencesQuery(api, token)),
  head: () =>
    pageHead(
      {
        title: 'Newsletter preferences',
        description: 'Choose what the VialCompare newsletter sends you.',
      },
      { noindex: true },
    ),
  errorComponent: PreferencesErrorRoute,
  component: PreferencesRoute,
});

function PreferencesRoute() {
  const { token } = Route.useParams();
  const { saved } = Route.useSearch();
  const { api } = Route.useRouteContext();
  const { data } = useSuspenseQuery(preferencesQuery(api, token));
  return <PreferencesPage token={token} preferences={data} saved={saved === 1} />;
}

function PreferencesErrorRoute({ error }: { error: unknown }) {
  return (
    <PreferencesUnavailable message={errorMessage(error, PREFERENCES_PAGE_MESSAGES.loadFailed)} />
  );
}
