import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { cityIndexQuery } from '../../features/cities/api/city-index';
import { CityIndexPage } from '../../features/cities/components/city-index-page';
import { CITY_INDEX_DESCRIPTION, CITY_INDEX_TITLE } from '../../features/cities/meta';
import { pageTitle } from '../../lib/site';

export const Route = createFileRoute('/near/')({
  loader: ({ context: { queryClient, api } }) => queryClient.ensureQueryData(cityIndexQuery(api)),
  head: () => ({
    meta: [
      { title: pageTitle(CITY_INDEX_TITLE) },
      { name: 'description', content: CITY_INDEX_DESCRIPTION },
    ],
  }),
  component: CityIndexRoute,
});

function CityIndexRoute() {
  const { api } = Route.useRouteContext();
  const { data: groups } = useSuspenseQuery(cityIndexQuery(api));
  return <CityIndexPage groups={groups} />;
}
