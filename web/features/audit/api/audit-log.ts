/** GET /api/admin/audit?limit=50[&subjectId=]: the last changes, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { BACK_OFFICE_PATHS, type AuditEntryView } from '../../../../api/contracts/back-office';
import { request } from '../../../lib/http-client';
import { retryOnce } from '../../../lib/back-office';

export const AUDIT_LIMIT = 50;

export const auditLogKey = (subjectId: string | undefined) =>
  ['admin', 'audit', subjectId ?? 'all'] as const;

export function getAuditLog(
  subjectId: string | undefined,
  signal?: AbortSignal,
): Promise<AuditEntryView[]> {
  const query = new URLSearchParams({ limit: String(AUDIT_LIMIT) });
  if (subjectId) query.set('subjectId', subjectId);
  return request<AuditEntryView[]>('GET', `${BACK_OFFICE_PATHS.audit}?${query.toString()}`, {
    signal,
  });
}

export const auditLogQuery = (subjectId: string | undefined) =>
  queryOptions({
    queryKey: auditLogKey(subjectId),
    queryFn: ({ signal }) => getAuditLog(subjectId, signal),
    retry: retryOnce,
    staleTime: 0,
  });

export function useAuditLog(subjectId: string | undefined) {
  return useQuery(auditLogQuery(subjectId));
}
