/**
 * GET /api/providers/index?page=N: one page of every listed provider's page address, by name
 * (the /providers index, PROVIDER_INDEX_PAGE_SIZE a page).
 */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../../api/contracts/http';
import { PROVIDER_PATHS, type ProviderIndexView } from '../../../../api/providers/contracts';

export const providerIndexQuery = (api: ApiClient, page = 1) =>
  queryOptions({
    queryKey: ['providers', 'index', page] as const,
    queryFn: () => api.get<ProviderIndexView>(PROVIDER_PATHS.index(page)),
  });
