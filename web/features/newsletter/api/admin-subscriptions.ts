/**
 * The back office's subscribers: GET /api/admin/subscriptions (one page, searched and paged on
 * the server), the CSV export's address, DELETE /api/admin/subscriptions/:id (an erasure) and
 * POST /api/admin/subscriptions/:id/unsubscribe {reason}.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  NEWSLETTER_PATHS,
  SUBSCRIBER_PATHS,
  type AdminUnsubscribeBody,
  type SubscriptionListParams,
  type SubscriptionPage,
} from '../../../../api/newsletter/contracts';
import { request } from '../../../lib/http-client';
import { retryOnce, useAdminCommand } from '../../../lib/back-office';

export type SubscriptionSearch = Partial<SubscriptionListParams>;

function queryString(params: SubscriptionSearch): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  return query.toString();
}

export const adminSubscriptionPageQuery = (params: SubscriptionSearch) =>
  queryOptions({
    queryKey: ['admin', 'subscriptions', 'page', params] as const,
    queryFn: ({ signal }) =>
      request<SubscriptionPage>(
        'GET',
        `${NEWSLETTER_PATHS.adminSubscriptions}?${queryString(params)}`,
        { signal },
      ),
    retry: retryOnce,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useAdminSubscriptionPage(params: SubscriptionSearch) {
  return useQuery(adminSubscriptionPageQuery(params));
}

/** The CSV of the list as filtered on screen (every page, not only the one shown). */
export function subscriptionsCsvHref(params: SubscriptionSearch): string {
  const { page: _page, pageSize: _size, ...filters } = params;
  const query = queryString(filters);
  return query ? `${NEWSLETTER_PATHS.adminCsv}?${query}` : NEWSLETTER_PATHS.adminCsv;
}

export function deleteSubscription(id: string, csrfToken?: string | null) {
  return request<{ ok: true }>('DELETE', NEWSLETTER_PATHS.adminOne(id), { csrfToken });
}

export function useDeleteSubscription() {
  return useAdminCommand(deleteSubscription);
}

/** Unsubscribes on the subscriber's behalf (asked by mail); the reason is kept with the event. */
export function unsubscribeSubscriber(
  { id, reason }: { id: string } & AdminUnsubscribeBody,
  csrfToken?: string | null,
) {
  const body: AdminUnsubscribeBody = { reason };
  return request<{ ok: true }>('POST', SUBSCRIBER_PATHS.adminUnsubscribe(id), { body, csrfToken });
}

export function useUnsubscribeSubscriber() {
  return useAdminCommand(unsubscribeSubscriber);
}
