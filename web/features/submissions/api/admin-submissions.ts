/**
 * The back office's submission inbox: GET /api/admin/submissions (one page, filtered by status
 * and provider name on the server) and GET /api/admin/submissions/:id.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  SUBMISSION_PATHS,
  type SubmissionListParams,
  type SubmissionPage,
  type SubmissionView,
} from '../../../../api/submissions/contracts';
import { request } from '../../../lib/http-client';
import { retryOnce } from '../../../lib/back-office';

export type SubmissionSearch = Partial<SubmissionListParams>;

function queryString(params: SubmissionSearch): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  return query.toString();
}

export const adminSubmissionPageQuery = (params: SubmissionSearch) =>
  queryOptions({
    queryKey: ['admin', 'submissions', 'page', params] as const,
    queryFn: ({ signal }) =>
      request<SubmissionPage>('GET', `${SUBMISSION_PATHS.admin}?${queryString(params)}`, {
        signal,
      }),
    retry: retryOnce,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useAdminSubmissionPage(params: SubmissionSearch) {
  return useQuery(adminSubmissionPageQuery(params));
}

export const adminSubmissionQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'submissions', 'one', id] as const,
    queryFn: ({ signal }) =>
      request<SubmissionView>('GET', SUBMISSION_PATHS.adminOne(id), { signal }),
    retry: retryOnce,
    staleTime: 0,
  });

export function useAdminSubmission(id: string) {
  return useQuery(adminSubmissionQuery(id));
}
