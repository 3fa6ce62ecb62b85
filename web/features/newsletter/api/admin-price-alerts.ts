/** GET /api/admin/price-alerts/summary: the dashboard's price-alert numbers. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PRICE_ALERT_PATHS, type PriceAlertSummary } from '../../../../api/newsletter/contracts';
import { request } from '../../../lib/http-client';
import { retryOnce } from '../../../lib/back-office';

export const priceAlertSummaryQuery = () =>
  queryOptions({
    queryKey: ['admin', 'price-alerts', 'summary'] as const,
    queryFn: ({ signal }) =>
      request<PriceAlertSummary>('GET', PRICE_ALERT_PATHS.adminSummary, { signal }),
    retry: retryOnce,
  });

export function usePriceAlertSummary() {
  return useQuery(priceAlertSummaryQuery());
}
