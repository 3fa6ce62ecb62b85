/** GET /api/admin/contact-messages: received messages, newest first (back office). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONTACT_PATHS, type ContactMessageView } from '../../../../api/contact/contracts';
import { request } from '../../../lib/http-client';
import { retryOnce } from '../../../lib/back-office';

export const adminContactMessagesKey = ['admin', 'contact-messages'] as const;

export const adminContactMessagesQuery = () =>
  queryOptions({
    queryKey: adminContactMessagesKey,
    queryFn: ({ signal }) =>
      request<ContactMessageView[]>('GET', CONTACT_PATHS.adminMessages, { signal }),
    retry: retryOnce,
    staleTime: 0,
  });

export function useAdminContactMessages() {
  return useQuery(adminContactMessagesQuery());
}
