/** GET /api/newsletter/preferences/:token: a subscriber's preferences (the page's loader). */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../../api/contracts/http';
import { SUBSCRIBER_PATHS, type PreferencesView } from '../../../../api/newsletter/contracts';

export const preferencesKey = (token: string) => ['newsletter', 'preferences', token] as const;

export const preferencesQuery = (api: ApiClient, token: string) =>
  queryOptions({
    queryKey: preferencesKey(token),
    queryFn: ({ signal }) =>
      api.get<PreferencesView>(SUBSCRIBER_PATHS.preferencesRead(token), { signal }),
    // One subscriber's choices, changed by the form's post: always read afresh.
    staleTime: 0,
    retry: false,
  });
