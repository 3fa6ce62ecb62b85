/**
 * GET /api/calculator/provider-prices: every listed provider's entered price tables, fetched
 * whole and filtered in the browser, so the visitor's dose is never sent anywhere. Fetched
 * only once the visitor opens 'Use a provider's price'.
 */
import { queryOptions } from '@tanstack/react-query';
import { CALCULATOR_PATHS, type ProviderPriceListView } from '../../../../api/calculator/contracts';
import type { ApiClient } from '../../../../api/contracts/http';

export const providerPricesKey = ['calculator', 'provider-prices'] as const;

export const providerPricesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: providerPricesKey,
    queryFn: () => api.get<ProviderPriceListView>(CALCULATOR_PATHS.providerPrices),
    staleTime: 5 * 60_000,
  });
