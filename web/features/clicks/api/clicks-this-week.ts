/**
 * 'Clicks this week' on the dashboard: the outbound clicks of the last 7 UTC days (today
 * included), from GET /api/admin/clicks?days=7. Not a dashboard counter: clicks are no
 * events (see docs/architecture.md, outbound clicks).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  CLICK_PATHS,
  CLICK_WEEK_DAYS,
  type ClickReportAnswer,
} from '../../../../api/clicks/contracts';
import { retryOnce } from '../../../lib/back-office';
import { request } from '../../../lib/http-client';

export const clicksThisWeekQuery = () =>
  queryOptions({
    queryKey: ['admin', 'clicks', CLICK_WEEK_DAYS] as const,
    queryFn: ({ signal }) =>
      request<ClickReportAnswer>('GET', `${CLICK_PATHS.adminReport}?days=${CLICK_WEEK_DAYS}`, {
        signal,
      }),
    retry: retryOnce,
    staleTime: 0,
    select: (report: ClickReportAnswer) => report.total,
  });

export function useClicksThisWeek() {
  return useQuery(clicksThisWeekQuery());
}
