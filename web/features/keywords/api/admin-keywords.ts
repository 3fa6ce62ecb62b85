/**
 * The back office's keywords: GET /api/admin/keywords (one page in the list's order, searched
 * on the server) and the commands (create, edit, move, activate/deactivate, delete).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  KEYWORD_PATHS,
  type KeywordFields,
  type KeywordListParams,
  type KeywordPage,
} from '../../../../api/keywords/contracts';
import { request } from '../../../lib/http-client';
import { retryOnce, useAdminCommand } from '../../../lib/back-office';

export type KeywordSearch = Partial<KeywordListParams>;

function queryString(params: KeywordSearch): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  return query.toString();
}

export const adminKeywordPageQuery = (params: KeywordSearch) =>
  queryOptions({
    queryKey: ['admin', 'keywords', 'page', params] as const,
    queryFn: ({ signal }) =>
      request<KeywordPage>('GET', `${KEYWORD_PATHS.admin}?${queryString(params)}`, { signal }),
    retry: retryOnce,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useAdminKeywordPage(params: KeywordSearch) {
  return useQuery(adminKeywordPageQuery(params));
}

type FieldsInput = Pick<KeywordFields, 'keyword'> & Partial<Omit<KeywordFields, 'keyword'>>;

export const useSaveKeyword = () =>
  useAdminCommand(
    ({ id, fields }: { id: string | null; fields: FieldsInput }, csrfToken?: string | null) =>
      id === null
        ? request<{ id: string }>('POST', KEYWORD_PATHS.admin, { body: fields, csrfToken })
        : request<{ id: string }>('PUT', KEYWORD_PATHS.adminOne(id), { body: fields, csrfToken }),
  );

export const useMoveKeyword = () =>
  useAdminCommand(
    (
      { id, move }: { id: string; move: { direction: 'up' | 'down' } | { position: number } },
      csrfToken?: string | null,
    ) => request<{ id: string }>('POST', KEYWORD_PATHS.adminMove(id), { body: move, csrfToken }),
  );

export const useSetKeywordActive = () =>
  useAdminCommand(({ id, active }: { id: string; active: boolean }, csrfToken?: string | null) =>
    request<{ id: string }>('POST', KEYWORD_PATHS.adminActive(id), {
      body: { active },
      csrfToken,
    }),
  );

export const useDeleteKeyword = () =>
  useAdminCommand((id: string, csrfToken?: string | null) =>
    request<{ ok: true }>('DELETE', KEYWORD_PATHS.adminOne(id), { csrfToken }),
  );
