/**
 * The media library's list (GET /api/admin/media), shared by the library screen and the picker
 * (features may not import each other; both import this). Admin data: browser only.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MEDIA_PATHS, type MediaListParams, type MediaPage } from '../../../api/media/contracts';
import { request } from '../../lib/http-client';
import { retryOnce } from '../../lib/back-office';

export type MediaSearch = Partial<MediaListParams>;

function queryString(params: MediaSearch): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  return query.toString();
}

export const mediaLibraryQuery = (params: MediaSearch) =>
  queryOptions({
    queryKey: ['admin', 'media', 'page', params] as const,
    queryFn: ({ signal }) =>
      request<MediaPage>('GET', `${MEDIA_PATHS.admin}?${queryString(params)}`, { signal }),
    retry: retryOnce,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useMediaLibrary(params: MediaSearch) {
  return useQuery(mediaLibraryQuery(params));
}
