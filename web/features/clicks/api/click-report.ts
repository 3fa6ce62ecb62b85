/**
 * GET /api/admin/clicks?days=N: outbound clicks per provider per UTC day (admin only, read in
 * the browser). The dashboard reads the last 7 days, the clicks screen the last 90.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  CLICK_HISTORY_DAYS,
  CLICK_PATHS,
  type ClickReportAnswer,
} from '../../../../api/clicks/contracts';
import { retryOnce } from '../../../lib/back-office';
import { request } from '../../../lib/http-client';

export const clickReportKey = (days: number) => ['admin', 'clicks', days] as const;

export const clickReportQuery = (days: number = CLICK_HISTORY_DAYS) =>
  queryOptions({
    queryKey: clickReportKey(days),
    queryFn: ({ signal }) =>
      request<ClickReportAnswer>('GET', `${CLICK_PATHS.adminReport}?days=${days}`, { signal }),
    retry: retryOnce,
    staleTime: 0,
  });

export function useClickReport(days: number = CLICK_HISTORY_DAYS) {
  return useQuery(clickReportQuery(days));
}

/** The CSV export's address (a plain download link: GET with the session cookie). */
export const CLICK_CSV_HREF = CLICK_PATHS.adminCsv;
