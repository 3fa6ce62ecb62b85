/** GET /api/providers/pages: every listed provider's page address, by name (the /providers index). */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../../api/contracts/http';
import { PROVIDER_PATHS, type ProviderLinkView } from '../../../../api/providers/contracts';

export const providerLinksQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: ['providers', 'pages'] as const,
    queryFn: () => api.get<ProviderLinkView[]>(PROVIDER_PATHS.pages),
  });
