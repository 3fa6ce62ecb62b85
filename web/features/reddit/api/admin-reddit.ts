/**
 * GET /api/admin/reddit: the refresh jobs' status; POST /api/admin/reddit/refresh: 'Refresh
 * now'. Back office only (read in the browser, sent with the session's CSRF token).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  REDDIT_PATHS,
  type RedditAdminStatus,
  type RedditRefreshNowAnswer,
} from '../../../../api/reddit/contracts';
import { retryOnce, useAdminCommand } from '../../../lib/back-office';
import { request } from '../../../lib/http-client';

export const adminRedditKey = ['admin', 'reddit'] as const;

export function getAdminReddit(signal?: AbortSignal): Promise<RedditAdminStatus> {
  return request<RedditAdminStatus>('GET', REDDIT_PATHS.adminStatus, { signal });
}

export const adminRedditQuery = () =>
  queryOptions({
    queryKey: adminRedditKey,
    queryFn: ({ signal }) => getAdminReddit(signal),
    retry: retryOnce,
    staleTime: 0,
    // A run takes minutes: keep the status current while the page is open.
    refetchInterval: 5000,
  });

export function useAdminReddit() {
  return useQuery(adminRedditQuery());
}

export function refreshRedditNow(
  _variables: void,
  csrfToken: string | undefined,
): Promise<RedditRefreshNowAnswer> {
  return request<RedditRefreshNowAnswer>('POST', REDDIT_PATHS.adminRefresh, { csrfToken });
}

export function useRefreshRedditNow() {
  return useAdminCommand(refreshRedditNow);
}
