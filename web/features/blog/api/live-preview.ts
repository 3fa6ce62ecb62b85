/**
 * The live preview's one call (POST /api/admin/blog/preview): the editor's unsaved body
 * sanitised by the server's own allowlist, with its read time and public excerpt. A query,
 * not a command: it changes nothing, so it is keyed by what it previews and refreshes no
 * other admin data.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { BLOG_PATHS, type PostPreviewView } from '../../../../api/blog/contracts';
import { request } from '../../../lib/http-client';
import { retryOnce, useCsrfToken } from '../../../lib/back-office';

export interface LivePreviewInput {
  content: string;
  excerpt: string;
}

export const livePreviewQuery = (input: LivePreviewInput, csrfToken: () => string | undefined) =>
  queryOptions({
    queryKey: ['admin', 'blog', 'live-preview', input] as const,
    queryFn: ({ signal }) =>
      request<PostPreviewView>('POST', BLOG_PATHS.adminPreview, {
        body: input,
        csrfToken: csrfToken(),
        signal,
      }),
    retry: retryOnce,
    staleTime: Infinity,
    gcTime: 60_000,
    // While the next version is on its way, the last one stays on screen.
    placeholderData: keepPreviousData,
  });

export function useLivePreview(input: LivePreviewInput, enabled: boolean) {
  const csrfToken = useCsrfToken();
  return useQuery({ ...livePreviewQuery(input, csrfToken), enabled });
}
