/** GET /api/admin/audit/page: the audit log a page at a time (keyset cursor), filtered. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import {
  BACK_OFFICE_PATHS,
  type AuditFilters,
  type AuditPageView,
} from '../../../../api/contracts/back-office';
import { request } from '../../../lib/http-client';
import { retryOnce } from '../../../lib/back-office';

export const AUDIT_PAGE_SIZE = 50;

export function auditQueryString(filters: AuditFilters, extra: Record<string, string> = {}) {
  const query = new URLSearchParams(extra);
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  return query.toString();
}

export function getAuditPage(
  filters: AuditFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AuditPageView> {
  const query = auditQueryString(filters, {
    limit: String(AUDIT_PAGE_SIZE),
    ...(cursor ? { cursor } : {}),
  });
  return request<AuditPageView>('GET', `${BACK_OFFICE_PATHS.auditPage}?${query}`, { signal });
}

export const auditPagesQuery = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'audit', 'pages', filters] as const,
    queryFn: ({ pageParam, signal }) => getAuditPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    retry: retryOnce,
    staleTime: 0,
  });

export function useAuditPages(filters: AuditFilters) {
  return useInfiniteQuery(auditPagesQuery(filters));
}

export function auditCsvHref(filters: AuditFilters): string {
  const query = auditQueryString(filters);
  return query ? `${BACK_OFFICE_PATHS.auditCsv}?${query}` : BACK_OFFICE_PATHS.auditCsv;
}
